//! The worlds of a view, drawn as judging asks for them: world `i` of a sample comes from
//! its own stream of the seed, so whichever thread draws it, and whenever, it is the same
//! world; a judging that stops after a few rounds (`stopping.rs`) draws no more than it
//! read, however many the ceiling allows. Where the narrowed arrangements are few they
//! are all listed and checked once: all of them are the worlds where they are few enough
//! (exact averages), else the sample is picked from the list.

use super::{keep, View};
use crate::deal::Rng;
use crate::error::Error;
use crate::game::Game;
use std::sync::{Mutex, OnceLock, PoisonError};

/// Where the narrowed arrangements are at most this many times the worlds listed at most
/// ([`LISTED_WORLDS`], or fewer where fewer are asked for), they are all listed and
/// checked.
const LIST_FACTOR: u64 = 16;

/// The most worlds judged all at once, every one of them (exact averages): where more are
/// consistent they are a sample, judged in rounds (`stopping.rs`).
pub const LISTED_WORLDS: usize = 4000;

/// Worlds whose cells a sample makes at once, when the first of them is asked for: a high
/// ceiling costs no memory where judging stops early.
const CHUNK: usize = 256;

/// Draws tried for one world before giving up (a consistent world always exists for a
/// real game: the one played).
const TRIES_PER_WORLD: u64 = 10_000;

/// Consistent worlds drawn uniformly to find the largest likelihood of the auction a
/// world reaches, so that each world drawn is kept with its likelihood over that
/// (rejection: the worlds kept are drawn in proportion to the likelihood).
const PILOT_WORLDS: u64 = 64;

/// Mixed into the seed of the pilot draws ([`PILOT_WORLDS`]), so that their streams are
/// not the worlds'.
const PILOT_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// The worlds of one view: a sample of them, each drawn when first asked for, or all.
#[derive(Debug)]
pub struct Worlds {
    source: Source,
    /// Each world's weight in the averages: the likelihood of the auction where every
    /// consistent world is listed and a model of declaring weighs them; 1 otherwise (a
    /// sample is drawn in proportion to it).
    pub weights: Vec<f64>,
    /// Every consistent world, each once: averages over them are exact.
    pub exhaustive: bool,
}

#[derive(Debug)]
enum Source {
    /// Every consistent world listed: the worlds are all of them (`picks` none), or those
    /// picked from them.
    Listed {
        all: Vec<Game>,
        picks: Option<Vec<usize>>,
    },
    /// Drawn from the view as asked for: world `i` from stream `i` of `seed`.
    Drawn {
        view: Box<Mutex<View>>,
        seed: u64,
        /// The largest likelihood the pilot draws reached (none where the view does not
        /// infer).
        most: Option<f64>,
        /// The worlds drawn so far, [`CHUNK`] cells a chunk, each chunk made when first
        /// asked for.
        drawn: Vec<OnceLock<Chunk>>,
    },
}

/// [`CHUNK`] worlds' cells, each filled when the world is first asked for.
type Chunk = Box<[OnceLock<Result<Game, Error>>]>;

impl Worlds {
    /// How many worlds there are to judge.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// World `i` (below [`Worlds::len`]), drawn now where it was not yet.
    pub fn get(&self, i: usize) -> Result<&Game, Error> {
        let out_of_range = || Error::Internal(format!("single dummy: no world {i}"));
        match &self.source {
            Source::Listed { all, picks: None } => all.get(i).ok_or_else(out_of_range),
            Source::Listed {
                all,
                picks: Some(picks),
            } => picks.get(i).map(|&k| &all[k]).ok_or_else(out_of_range),
            Source::Drawn {
                view,
                seed,
                most,
                drawn,
            } => {
                if i >= self.len() {
                    return Err(out_of_range());
                }
                let chunk = drawn.get(i / CHUNK).ok_or_else(out_of_range)?;
                let chunk = chunk.get_or_init(|| (0..CHUNK).map(|_| OnceLock::new()).collect());
                let cell = &chunk[i % CHUNK];
                let world = cell.get_or_init(|| {
                    // A thread that panicked while drawing left the view's counts whole
                    // (they are filled in before use): go on with it.
                    let mut view = view.lock().unwrap_or_else(PoisonError::into_inner);
                    view.draw_world(*seed, i as u64, *most)
                });
                world.as_ref().map_err(Clone::clone)
            }
        }
    }

    /// Every world, drawn now where not yet.
    pub fn games(&self) -> Result<Vec<Game>, Error> {
        (0..self.len()).map(|i| self.get(i).cloned()).collect()
    }
}

impl View {
    /// `samples` worlds of those consistent with the view (item `i` from its own stream
    /// of `seed`, drawn when first asked for): uniformly, or in proportion to the
    /// likelihood of the auction where the view infers from it; or all of them, once each
    /// (then weighted by that likelihood), where they are no more than `samples` and
    /// [`LISTED_WORLDS`].
    pub fn worlds(&mut self, samples: usize, seed: u64) -> Result<Worlds, Error> {
        let samples = samples.max(1);
        let listed = samples.min(LISTED_WORLDS);
        if self.arrangements.count() <= LIST_FACTOR.saturating_mul(listed as u64) {
            return self.listed(samples, listed, seed);
        }
        let mut view = self.clone();
        // The largest likelihood among a few worlds drawn uniformly, from streams of their
        // own (none where the view does not infer).
        let most = match view.infers() {
            false => None,
            true => {
                let mut most = 0.0f64;
                for i in 0..PILOT_WORLDS {
                    let mut rng = Rng::stream(seed ^ PILOT_SEED, i);
                    let game = view.draw_consistent(&mut rng, &mut 0)?;
                    most = most.max(view.weight(&game));
                }
                Some(most)
            }
        };
        Ok(Worlds {
            source: Source::Drawn {
                view: Box::new(Mutex::new(view)),
                seed,
                most,
                drawn: (0..samples.div_ceil(CHUNK))
                    .map(|_| OnceLock::new())
                    .collect(),
            },
            weights: vec![1.0; samples],
            exhaustive: false,
        })
    }

    /// Every consistent world listed: all of them where they are no more than `listed`,
    /// else `samples` picked from them (pick `i` from stream `i` of `seed`) in proportion
    /// to their likelihoods.
    fn listed(&mut self, samples: usize, listed: usize, seed: u64) -> Result<Worlds, Error> {
        let candidates = self.arrangements.count();
        let all: Vec<Game> = self
            .arrangements
            .all()
            .iter()
            .filter_map(|h| self.world(h).ok())
            .collect();
        if all.is_empty() {
            return Err(Error::NoConsistentWorld {
                seat: self.seat,
                tried: candidates,
            });
        }
        let weights: Vec<f64> = all.iter().map(|g| self.weight(g)).collect();
        if all.len() <= listed {
            return Ok(Worlds {
                source: Source::Listed { all, picks: None },
                weights,
                exhaustive: true,
            });
        }
        // Each pick kept with its weight over the largest: in proportion to it.
        let most = weights.iter().copied().fold(0.0, f64::max);
        let picks = (0..samples as u64)
            .map(|i| {
                let mut rng = Rng::stream(seed, i);
                loop {
                    let k = rng.below(all.len());
                    if keep(&mut rng, weights[k], most) {
                        return k;
                    }
                }
            })
            .collect();
        Ok(Worlds {
            source: Source::Listed {
                all,
                picks: Some(picks),
            },
            weights: vec![1.0; samples],
            exhaustive: false,
        })
    }

    /// World `i` of a sample from `seed`: consistent worlds drawn uniformly from stream
    /// `i`, each kept with its likelihood over `most` where the view infers (the first
    /// one otherwise); a fault after [`TRIES_PER_WORLD`] draws, those that break what the
    /// view saw and those not kept.
    fn draw_world(&mut self, seed: u64, i: u64, most: Option<f64>) -> Result<Game, Error> {
        let mut rng = Rng::stream(seed, i);
        let mut tried = 0;
        loop {
            let game = self.draw_consistent(&mut rng, &mut tried)?;
            let kept = match most {
                None => true,
                Some(most) => keep(&mut rng, self.weight(&game), most),
            };
            if kept {
                return Ok(game);
            }
        }
    }

    /// One consistent world drawn uniformly from `rng`, counting the draws in `tried`: a
    /// fault once they pass [`TRIES_PER_WORLD`].
    fn draw_consistent(&mut self, rng: &mut Rng, tried: &mut u64) -> Result<Game, Error> {
        loop {
            *tried += 1;
            let none = || Error::NoConsistentWorld {
                seat: self.seat,
                tried: *tried,
            };
            if *tried > TRIES_PER_WORLD {
                return Err(none());
            }
            let hidden = self.arrangements.draw(rng).ok_or_else(none)?;
            if let Ok(game) = self.world(&hidden) {
                return Ok(game);
            }
        }
    }
}
