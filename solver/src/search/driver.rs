//! The driver: a position's exact value from zero-window tests ([`super::alphabeta`]), as
//! MTD(f) (Plaat et al. 1996) with bisection, started where the sides make the dear answer
//! rare ([`Search::exact_within`]); and the legal cards in classes of equal value, for the
//! value of every card.

use super::context::Search;
use super::moves;
use super::position::Position;
use super::Sides;
use crate::contract::Measure;

impl Search<'_> {
    /// The legal cards of the player to move in classes of equal value: one card per class
    /// to search, and for every card the one whose value it shares (exact merging only, so
    /// that each card's own value is right, not only the position's).
    pub(super) fn classes(&self, pos: &Position, legal: u32) -> (u32, [u8; 32]) {
        let mut rep = [0u8; 32];
        let reps = if self.cx.techniques.merging {
            moves::representatives(
                &self.cx.layout,
                &self.cx.frame,
                pos,
                legal,
                false,
                Some(&mut rep),
            )
        } else {
            for (i, r) in rep.iter_mut().enumerate() {
                *r = i as u8;
            }
            legal
        };
        (reps, rep)
    }

    /// The exact value from zero-window probes. Each probe's fail-soft answer moves one
    /// bound. After a success the next threshold bisects what is left; after a failure it
    /// is the failure's own upper bound (the maximisers' best line; it mostly hugs the
    /// threshold, see [`Search::exact_within`] for why the chain still pays). Plain MTD(f),
    /// stepping up from every answer, needed dozens of probes here: a success's bound is
    /// mostly just t itself. Where one player stands against three (Ramsch, Bettel, the
    /// solos, Tout) it starts from one end instead ([`Search::exact_within`]).
    /// `guess`, when given, is tried first (the parent's value, for card values).
    pub(super) fn exact(&mut self, pos: &Position, guess: Option<u8>) -> u8 {
        let (lower, upper) = self.cx.range(pos);
        self.exact_within(pos, lower, upper, guess)
    }

    /// The exact value of `child`, the position after a card of a player who maximises or
    /// not, `value` being the value before the card: no card of a maximiser is worth more
    /// than that, none of a minimiser less. With that bound a card that keeps the value
    /// takes one probe, instead of a probe above it and a chain of failures back down.
    pub(super) fn exact_after(&mut self, child: &Position, maximizing: bool, value: u8) -> u8 {
        let (lower, upper) = self.cx.range(child);
        if maximizing {
            self.exact_within(child, lower, value.clamp(lower, upper), Some(value))
        } else {
            // Known to be at least `value`: whether it is more is the one question left.
            // Against a lone declarer (solos, Tout) that question costs a success, the dear
            // answer there, whenever the card gives him more; and his value after the card
            // then takes a second one. Starting at the top instead ([`Search::exact_within`]
            // without a guess), the chain of cheap failures ends at that one success, or at
            // the failure just above `value` (figures: `docs/performance-log.md`, "What moved the numbers", "The driver").
            let guess = (self.cx.sides != Sides::LoneDeclarer).then_some(value + 1);
            self.exact_within(child, value.clamp(lower, upper), upper, guess)
        }
    }

    /// [`Search::exact`] of a position whose value is known to lie in `lower..=upper`.
    fn exact_within(
        &mut self,
        pos: &Position,
        mut lower: u8,
        mut upper: u8,
        guess: Option<u8>,
    ) -> u8 {
        // Without a guess the first question depends on who plays alone. Where one player
        // stands against three, a probe the three must refute searches every card of three
        // players against one card of his: several times the cost of the other answer.
        // So the driver aims to pay for that answer once, just beside the value, and to
        // reach it through the cheap ones:
        // - a lone counted player minimising against the rest (Ramsch, Bettel): start at
        //   the bottom and climb through cheap successes to the one failure just above the
        //   value (far below it a success's bound also jumps ahead);
        // - a lone declarer (solos, Tout): start at the top and follow the cheap failures'
        //   bounds down to the one success at the value;
        // - partnerships (Sauspiel): both answers cost alike; ask whether the declarers
        //   reach 61, the question that usually settles the game.
        // Figures: `docs/performance-log.md`, "What moved the numbers", "The driver".
        let sides = self.cx.sides;
        let lone = sides.minimizing();
        let one_declarer = sides == Sides::LoneDeclarer;
        let mut next = guess.or(Some(match self.cx.frame.measure {
            _ if lone => lower + 1,
            Measure::Tricks => upper,
            _ if one_declarer => upper,
            Measure::Points | Measure::Settlement => 61,
        }));
        while lower < upper && !self.st.aborted {
            // What is proved so far, for a question that runs out of its budget.
            self.st.proved = (lower, upper);
            let mid = lower + (upper - lower).div_ceil(2);
            let t = match next.take() {
                Some(g) if g > lower && g <= upper => g,
                _ => mid,
            };
            let g = self.probe(pos, t);
            if g >= t {
                lower = g;
                // Where a lone counted player minimises against the rest (Ramsch, Bettel),
                // climb: test just above the success's bound (the only failure wanted is
                // the one just above the value, see above).
                if lone {
                    next = Some(g + 1);
                }
            } else {
                upper = g;
                // Against a lone declarer a failed probe's bound is the best line he found:
                // test it next (if that fails too, its own bound, and so on). The chain
                // often goes down a point at a time, but its probes far above the value are
                // cheap and fill the table for the dear ones near it. Elsewhere bisect:
                // where a lone counted player minimises against the rest (Ramsch, Bettel)
                // these bounds are loose, and in partnerships (Sauspiel) both answers cost
                // alike, so the chain's many steps cost more than they save.
                if one_declarer {
                    next = Some(g);
                }
            }
        }
        if !self.st.aborted {
            self.st.proved = (lower, upper);
        }
        lower
    }
}
