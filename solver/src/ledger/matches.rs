//! German Schafkopf's match to nine game points, as the ledger keeps it (RULES.md sections
//! 8 and 13): each winner of a game draws its game points by name, and the first to nine
//! wins the match with his partners of that game.

use crate::seat::{Seat, Seats};
use crate::settle::{Outcome, Score};
use serde::Serialize;

/// Game points a German player needs to win the match (the sheep's head).
const MATCH_POINTS: i64 = 9;

/// German Schafkopf: the match after a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchState {
    /// Each seat's player's game points in the match so far (after a match is won, the
    /// won match's).
    pub points: [i64; 4],
    /// The players who won the match with this game, if one of them reached nine: the
    /// side that won it (RULES.md section 8; in Schellen-Schafkopf who reached nine).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub won: Vec<String>,
}

/// A match of German Schafkopf won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchWon {
    /// The players who won it: the side that won its deciding game, one of them at nine
    /// game points (names in order).
    pub winners: Vec<String>,
    /// Games the match took.
    pub games: u32,
}

/// The match under way and the matches won.
#[derive(Clone, Debug, Default)]
pub(crate) struct Matches {
    /// Each player's game points in the match under way, and its games so far.
    points: Vec<(String, i64)>,
    games: u32,
    won: Vec<MatchWon>,
}

impl Matches {
    /// Each winner of the game draws its game points (`gained`, the seed: "the winner
    /// draws a line"); the first to nine wins the match, with his partner, who drew the
    /// same lines, and the next game starts a new one.
    pub(super) fn count(&mut self, names: &[String], score: &Score, gained: i64) -> MatchState {
        let declarers = score.declarers.iter().fold(Seats::NONE, |s, d| s.with(*d));
        let winners: Vec<usize> = score
            .outcome
            .winners(declarers)
            .iter()
            .map(Seat::index)
            .collect();
        // In Schellen-Schafkopf nobody has a partner: only who reached nine wins.
        let sides = !matches!(score.outcome, Outcome::PlainTrick { .. });
        let (points, won) = self.draw(names, &winners, sides, gained);
        MatchState {
            points: std::array::from_fn(|seat| points[seat]),
            won,
        }
    }

    /// The game's `winners` (seats of `names`, at a table of any size) draw `gained`;
    /// returns each seat's points in the match and, where one of them reached nine, the
    /// names that won it: with `sides`, every winner of this game (his partners, whatever
    /// they had drawn before, RULES.md section 8), else only who reached nine.
    pub(crate) fn draw(
        &mut self,
        names: &[String],
        winners: &[usize],
        sides: bool,
        gained: i64,
    ) -> (Vec<i64>, Vec<String>) {
        self.games += 1;
        for &seat in winners {
            let name = &names[seat];
            match self.points.iter_mut().find(|(n, _)| n == name) {
                Some((_, p)) => *p = p.saturating_add(gained),
                None => self.points.push((name.clone(), gained)),
            }
        }
        let points: Vec<i64> = names
            .iter()
            .map(|name| {
                self.points
                    .iter()
                    .find(|(n, _)| n == name)
                    .map_or(0, |(_, p)| *p)
            })
            .collect();
        let reached = |seat: usize| points[seat] >= MATCH_POINTS;
        let mut won: Vec<String> = match winners.iter().any(|&s| reached(s)) {
            true => winners
                .iter()
                .filter(|&&seat| sides || reached(seat))
                .map(|&seat| names[seat].clone())
                .collect(),
            false => Vec::new(),
        };
        won.sort();
        if !won.is_empty() {
            self.won.push(MatchWon {
                winners: won.clone(),
                games: self.games,
            });
            self.points.clear();
            self.games = 0;
        }
        (points, won)
    }

    /// The matches won so far, in order.
    pub(crate) fn won(&self) -> &[MatchWon] {
        &self.won
    }
}

#[cfg(test)]
mod tests {
    use crate::contract::Contract;
    use crate::ledger::Ledger;
    use crate::record::Record;
    use crate::settle::Outcome;

    /// Random German games, each played out with the first legal card, at a table of four
    /// whose seats move round; every third game a solo.
    fn german_games(n: usize, solos: bool) -> Vec<Record> {
        use crate::announce::german_declaration;
        use crate::contract::{Partners, Wenzels};
        use crate::options::GermanTrump;
        german_games_of(n, |i, hands| {
            let partners = if solos && i % 3 == 0 {
                Partners::Solo
            } else {
                Partners::Across
            };
            german_declaration(hands, Wenzels::Four, GermanTrump::Declared)
                .contract(Wenzels::Four, partners)
        })
    }

    /// Random German games of the contracts `contract` gives (by game and deal), each
    /// played out with the first legal card, at a table of four whose seats move round.
    fn german_games_of(
        n: usize,
        contract: impl Fn(usize, &crate::seat::BySeat<crate::cards::Cards>) -> Contract,
    ) -> Vec<Record> {
        use crate::cards::Deck;
        use crate::contract::Variant;
        use crate::deal::{random_deal, Rng};
        use crate::game::{Deal, Game, Setup};
        let names = ["Sepp", "Resi", "Hans", "Vroni"];
        let mut rng = Rng::new(9);
        (0..n)
            .map(|i| {
                let hands = random_deal(&mut rng, Deck::Long);
                let contract = contract(i, &hands);
                let deal = Deal::new(Variant::German, Deck::Long, hands).unwrap();
                let mut game = Game::new(Setup::new(deal, contract).unwrap());
                while !game.is_over() {
                    let card = game.legal_cards().first().unwrap();
                    game.play(card).unwrap();
                }
                let mut record = Record::from_game(&game);
                record.players = Some((0..4).map(|s| names[(s + i) % 4].to_string()).collect());
                record
            })
            .collect()
    }

    /// Each winner draws the game's points (a lone winner too, though the three pay him);
    /// the first to nine wins the match with his partner, and a new match starts.
    fn check_matches(games: Vec<Record>) -> (usize, usize) {
        let mut below_nine = 0;
        let mut ledger = Ledger::new();
        let mut counts: Vec<(String, i64)> = Vec::new();
        let mut games_in_match = 0;
        let mut won = 0;
        for record in games {
            let entry = ledger.add(&record).unwrap();
            let m = entry
                .german_match
                .clone()
                .expect("a German game has a match");
            games_in_match += 1;
            let winners: Vec<usize> = (0..4).filter(|&s| entry.payouts[s] > 0).collect();
            for &seat in &winners {
                // A lone winner is paid by each of three; otherwise each winner is paid the
                // game points once.
                let gained = entry.payouts[seat] / if winners.len() == 1 { 3 } else { 1 };
                let name = &entry.players[seat];
                match counts.iter_mut().find(|(n, _)| n == name) {
                    Some((_, p)) => *p += gained,
                    None => counts.push((name.clone(), gained)),
                }
            }
            let ours = |n: &String| counts.iter().find(|(u, _)| u == n).map_or(0, |(_, p)| *p);
            let expected: [i64; 4] = std::array::from_fn(|s| ours(&entry.players[s]));
            assert_eq!(m.points, expected, "game {}", entry.game);
            assert_eq!(!m.won.is_empty(), m.points.iter().any(|p| *p >= 9));
            if !m.won.is_empty() {
                // The side that won the deciding game wins the match together.
                let mut side: Vec<String> =
                    winners.iter().map(|&s| entry.players[s].clone()).collect();
                side.sort();
                assert_eq!(m.won, side, "game {}", entry.game);
                below_nine += winners.iter().filter(|&&s| m.points[s] < 9).count();
                let last = ledger.totals().matches.last().cloned().unwrap();
                assert_eq!((last.winners, last.games), (m.won.clone(), games_in_match));
                counts.clear();
                games_in_match = 0;
                won += 1;
            }
        }
        assert_eq!(ledger.totals().matches.len(), won);
        (won, below_nine)
    }

    #[test]
    fn german_partnerships_play_matches_to_nine_game_points() {
        let (won, _) = check_matches(german_games(60, false));
        assert!(won >= 2, "{won} matches in 60 games");
        // The same games with the partnerships changing from game to game (the players
        // seated anew each time): some win a match below nine, with the partner who
        // reached it.
        let pairings = [
            ["Sepp", "Resi", "Hans", "Vroni"],
            ["Sepp", "Hans", "Resi", "Vroni"],
            ["Sepp", "Resi", "Vroni", "Hans"],
        ];
        let games = german_games(60, false)
            .into_iter()
            .enumerate()
            .map(|(i, mut r)| {
                r.players = Some(pairings[i % 3].map(String::from).to_vec());
                r
            })
            .collect();
        let (won, below_nine) = check_matches(games);
        assert!(won >= 2, "{won} matches in 60 games");
        assert!(below_nine >= 1, "{below_nine} partners won below nine");
    }

    #[test]
    fn german_solos_draw_lines_for_the_lone_winner_or_the_three() {
        let games = german_games(60, true);
        let solos = games
            .iter()
            .filter(|r| r.contract.as_ref().is_some_and(|c| c.solo))
            .count();
        assert_eq!(solos, 20);
        let (won, _) = check_matches(games);
        assert!(won >= 2, "{won} matches in 60 games");
    }

    #[test]
    fn schellen_schafkopf_draws_a_line_for_each_player_with_the_most_tricks() {
        let games = german_games_of(40, |_, _| Contract::SchellenSchafkopf);
        let mut ledger = Ledger::new();
        let mut counts: Vec<(String, i64)> = Vec::new();
        let (mut lines, mut matches) = (0, 0);
        for record in &games {
            let entry = ledger.add(record).unwrap();
            let m = entry
                .german_match
                .clone()
                .expect("a German game has a match");
            let Outcome::PlainTrick { most_tricks } = record.score().unwrap().outcome else {
                panic!("not a plain-trick outcome")
            };
            for seat in &most_tricks {
                let name = &entry.players[seat.index()];
                match counts.iter_mut().find(|(n, _)| n == name) {
                    Some((_, p)) => *p += 1,
                    None => counts.push((name.clone(), 1)),
                }
            }
            lines += most_tricks.len();
            let ours = |n: &String| counts.iter().find(|(u, _)| u == n).map_or(0, |(_, p)| *p);
            let expected: [i64; 4] = std::array::from_fn(|s| ours(&entry.players[s]));
            assert_eq!(m.points, expected, "game {}", entry.game);
            if !m.won.is_empty() {
                counts.clear();
                matches += 1;
            }
        }
        assert!(lines >= 40, "{lines} lines in 40 games");
        assert!(matches >= 1, "no match won in 40 games");
    }
}
