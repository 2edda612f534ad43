//! The search pinned: fixed positions of every contract and every Ramsch form solved by a
//! fresh solver, their values, every legal card's value and the positions searched compared
//! with `tests/data/golden-search.txt`.
//!
//! Values must never change: a different value is a wrong answer. Node counts change when
//! the search does (a better bound, another order): then rewrite the file with
//! `BLESS=1 cargo test --release -p schafkopf-solver --test all golden::`, and say in the commit
//! why the counts moved.

use crate::common::*;
use solver::options::*;
use solver::*;
use std::fmt::Write as _;
use std::path::PathBuf;

fn golden_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden-search.txt")
}

/// The pinned positions: a seeded random game of each kind played on randomly until
/// `tricks_left` tricks remain (8: the whole deal, before the first card), and each Ramsch
/// under all three forms.
fn positions() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for kind in ContractKind::ALL {
        if kind == ContractKind::Sie {
            continue;
        }
        // Whole deals, but a Ramsch (its settlement search is the dear one) from the third
        // trick.
        let depths: &[usize] = match kind {
            ContractKind::Ramsch => &[3, 5, 6],
            _ => &[3, 5, 8],
        };
        for seed in [11u64, 23, 37] {
            for &tricks_left in depths {
                let Some((mut game, mut rng)) = random_game(kind, seed) else {
                    continue;
                };
                let n = game.setup().trick_count();
                let stop = (n - tricks_left.min(n)) * 4;
                while game.played_count() < stop {
                    let card = rng.pick(game.legal_cards());
                    game.play(card).unwrap();
                }
                let name = format!("{kind:?} seed {seed} tricks {tricks_left}");
                if kind == ContractKind::Ramsch {
                    for form in [
                        RamschForm::LoserPays,
                        RamschForm::TwoHighestPay,
                        RamschForm::Schieberamsch,
                    ] {
                        let Some(start) = with_ramsch_form(&game, form) else {
                            continue;
                        };
                        let cards: Vec<Card> = game.plays().iter().map(|&(_, c)| c).collect();
                        let played = Game::replay(start.setup().clone(), &cards)
                            .expect("the same cards are legal under any Ramsch form");
                        out.push((format!("{name} {form:?}"), played));
                    }
                } else {
                    out.push((name, game));
                }
            }
        }
    }
    out
}

/// One position's line: its value, each legal card's, and the positions searched.
fn line(name: &str, game: &Game) -> String {
    let mut solver = Solver::with_budget(16 << 20);
    let solution = solver.solve(game).expect("a pinned position solves");
    let mut cards = String::new();
    for (card, value) in &solution.cards {
        let _ = write!(cards, " {card}:{value}");
    }
    format!(
        "{name} | value {} | nodes {} |{cards}",
        solution.value,
        solver.stats().nodes
    )
}

#[test]
fn values_and_node_counts_match_the_golden_file() {
    let lines: Vec<String> = positions()
        .iter()
        .map(|(name, game)| line(name, game))
        .collect();
    let text = lines.join("\n") + "\n";
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(golden_file(), &text).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(golden_file())
        .expect("tests/data/golden-search.txt (BLESS=1 writes it)");
    let golden: Vec<&str> = golden.lines().collect();
    assert_eq!(
        golden.len(),
        lines.len(),
        "the pinned positions changed: rewrite the file with BLESS=1"
    );
    let parts = |l: &str| -> (String, String, String) {
        let f: Vec<&str> = l.split(" | ").collect();
        (
            f[0].to_string(),
            format!("{} |{}", f[1], f[3]),
            f[2].to_string(),
        )
    };
    let mut moved = Vec::new();
    for (ours, theirs) in lines.iter().zip(&golden) {
        let ((name, values, nodes), (gname, gvalues, gnodes)) = (parts(ours), parts(theirs));
        assert_eq!(name, gname, "the pinned positions changed");
        // A value is never allowed to change.
        assert_eq!(values, gvalues, "{name}: the values changed");
        if nodes != gnodes {
            moved.push(format!("{name}: {gnodes} -> {nodes}"));
        }
    }
    assert!(
        moved.is_empty(),
        "node counts moved (values unchanged); if the search changed on purpose, rewrite \
         the file with BLESS=1 and say why in the commit:\n{}",
        moved.join("\n")
    );
}
