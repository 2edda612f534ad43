//! The rounds a ledger follows from game to game (RULES.md sections 12 and 13): the Bock
//! rounds and the Ramsch and Kreuzbock rounds that events start, the Allgäu round and the
//! last round. Each game is checked against the rounds under way before it is counted,
//! and what happened in it may start more.

use crate::cards::{Card, Rank, Suit};
use crate::contract::{Contract, Solo};
use crate::error::Error;
use crate::game::Setup;
use crate::options::{LastRound, RoundEvent, MAX_BOCK};
use crate::record::Record;
use crate::round::{allgaeu_obligation, Round, ALLGAEU_NAMES};
use crate::settle::{Outcome, Score};
use serde::Serialize;
use std::collections::VecDeque;

/// Hands in a Bock, Ramsch or Kreuzbock round: one deal by each of the four players.
const ROUND_GAMES: u32 = 4;

/// The last round's length: one deal by each player.
const LAST_ROUND_GAMES: u32 = 4;

/// The Allgäu round's length: three rounds of four.
const ALLGAEU_GAMES: u32 = 12;

/// The rounds under way after the games counted so far.
#[derive(Clone, Debug, Default)]
pub(super) struct Rounds {
    /// The Bock rounds under way: the hands each has left.
    bock: Vec<u32>,
    /// The Ramsch and Kreuzbock rounds events have started, in order: the first is under
    /// way (or is next), the others wait for it.
    due: VecDeque<EventRound>,
    /// The Allgäu round under way, if any.
    allgaeu: Option<AllgaeuRound>,
    /// The player who last held `EO` in a Sauspiel, and that game's number: he deals the
    /// last round.
    old_one: Option<(String, u32)>,
    /// The games of the last round so far (4: the evening is over).
    last: Option<u32>,
    /// Bierkopf's teams, fixed by the first Bierkopf game: each pair of names in order,
    /// the pairs in order.
    teams: Option<[[String; 2]; 2]>,
}

/// An Allgäu round under way (RULES.md section 12): its games so far, and each of its
/// players with the games of his three (Sauspiel, Wenz, suit solo) he has played.
#[derive(Clone, Debug)]
struct AllgaeuRound {
    games: u32,
    owed: Vec<(String, [bool; 3])>,
}

/// The kind of game a round that an event starts is played as.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum RoundGame {
    Ramsch,
    Kreuzbock,
}

impl RoundGame {
    fn name(self) -> &'static str {
        self.owed().title()
    }

    fn owed(self) -> OwedRound {
        match self {
            RoundGame::Ramsch => OwedRound::Ramsch,
            RoundGame::Kreuzbock => OwedRound::Kreuzbock,
        }
    }

    fn is(self, contract: &Contract) -> bool {
        matches!(
            (self, contract),
            (RoundGame::Ramsch, Contract::Ramsch)
                | (RoundGame::Kreuzbock, Contract::Kreuzbock { .. })
        )
    }
}

/// A Ramsch or Kreuzbock round an event started: what it is played as, the event and the
/// game it happened in, and its games so far.
#[derive(Clone, Debug)]
struct EventRound {
    game: RoundGame,
    event: RoundEvent,
    after: u32,
    played: u32,
}

/// A round that obliges the games of the table while it is under way.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum OwedRound {
    Ramsch,
    Kreuzbock,
    Allgaeu,
    Last,
}

impl OwedRound {
    /// The round as a sentence names it: "the Allgäu round".
    fn title(self) -> &'static str {
        match self {
            OwedRound::Ramsch => "Ramsch",
            OwedRound::Kreuzbock => "Kreuzbock",
            OwedRound::Allgaeu => "Allgäu",
            OwedRound::Last => "last",
        }
    }
}

/// A round still under way when the ledger's games end: the evening stopped inside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UnfinishedRound {
    pub round: OwedRound,
    /// Its games counted, and how many it has.
    pub games: u32,
    pub of: u32,
    /// For a round an event started: the event, and the game it happened in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<RoundEvent>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<u32>,
}

impl std::fmt::Display for UnfinishedRound {
    /// "the Ramsch round that the throw-in in game 1 started, 1 of its 4 games played".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the {} round", self.round.title())?;
        if let (Some(event), Some(game)) = (self.event, self.after) {
            write!(f, " that {} in game {game} started", event.words())?;
        }
        write!(f, ", {} of its {} games played", self.games, self.of)
    }
}

impl Rounds {
    /// Checks game number `game`, `record` played by `names`, against the rounds under way:
    /// the rounds after it (before what happens in it starts any), and the Bock doublings
    /// it is played with. A game that breaks a round is refused by name.
    pub(super) fn enter(
        &self,
        record: &Record,
        names: &[String],
        game: u32,
    ) -> Result<(Rounds, u8), Error> {
        let mut next = self.clone();
        let special = record
            .round
            .as_deref()
            .and_then(Round::from_name)
            .filter(|r| matches!(r, Round::Allgaeu | Round::Last));
        // A round an event started is played before anything else but the Allgäu round
        // or the last round under way, which finish first.
        if self.allgaeu.is_none() && self.last.is_none() {
            if let Some(round) = next.due.front_mut() {
                let contract = match record.thrown_in {
                    true => None,
                    false => Some(record.setup()?.contract()),
                };
                if special.is_some() || !contract.is_some_and(|c| round.game.is(&c)) {
                    let this = match (contract, special) {
                        (None, _) => "thrown in".to_string(),
                        (Some(c), None) => c.to_string(),
                        (Some(c), Some(r)) => format!("{c} of the {} round", r.name()),
                    };
                    return Err(Error::Conflict(format!(
                        "round: game {game} is game {} of the {} round that {} in game {} \
                         started, so it is played as a {}, not {this}",
                        round.played + 1,
                        round.game.name(),
                        round.event.words(),
                        round.after,
                        round.game.name(),
                    )));
                }
                round.played += 1;
                if round.played == ROUND_GAMES {
                    next.due.pop_front();
                }
            }
        }
        if record.rules.bierkopf {
            next.teams = Some(self.bierkopf_teams(names)?);
        }
        next.allgaeu = self.allgaeu_after(record, names, special == Some(Round::Allgaeu))?;
        next.last = self.last_round_after(names, special == Some(Round::Last))?;
        // Bock rounds under way double the game (each round once, at most MAX_BOCK); the
        // last round at double value counts as one more Bock (RULES.md section 12).
        let doubled_last = next.last.is_some() && record.rules.last_round == LastRound::Double;
        let bock = (self.bock.len() + usize::from(doubled_last)).min(MAX_BOCK as usize) as u8;
        Ok((next, bock))
    }

    /// What game number `game`, counted and scored as `score` (set up as `setup`, none if
    /// thrown in), starts: a Bock round for each event of its `bock_after`, a Ramsch or
    /// Kreuzbock round for each of `ramsch_after` and `kreuzbock_after`; and who held `EO`
    /// if it was a Sauspiel.
    pub(super) fn leave(
        &mut self,
        record: &Record,
        (score, setup): (&Score, Option<&Setup>),
        names: &[String],
        game: u32,
    ) {
        self.bock.retain_mut(|left| {
            *left -= 1;
            *left > 0
        });
        let rules = &record.rules;
        for event in events(record, score, setup) {
            if rules.bock_after.contains(&event) {
                self.bock.push(ROUND_GAMES);
            }
            let started = [
                (RoundGame::Ramsch, &rules.ramsch_after),
                (RoundGame::Kreuzbock, &rules.kreuzbock_after),
            ];
            for (round, after) in started {
                if after.contains(&event) {
                    self.due.push_back(EventRound {
                        game: round,
                        event,
                        after: game,
                        played: 0,
                    });
                }
            }
        }
        if let Some(setup) = setup.filter(|s| matches!(s.contract(), Contract::Sauspiel { .. })) {
            let eo = Card::new(Suit::Eichel, Rank::Ober);
            let dealt = setup.deal().dealt();
            if let Some(holder) = dealt.holder(eo) {
                self.old_one = Some((names[holder.index()].clone(), game));
            }
        }
    }

    /// The rounds under way: the Allgäu round, the last round, and the Ramsch and
    /// Kreuzbock rounds due (a Bock round doubles games, it obliges none: not listed).
    pub(super) fn unfinished(&self) -> Vec<UnfinishedRound> {
        let mut open = Vec::new();
        if let Some(r) = &self.allgaeu {
            open.push(UnfinishedRound {
                round: OwedRound::Allgaeu,
                games: r.games,
                of: ALLGAEU_GAMES,
                event: None,
                after: None,
            });
        }
        if let Some(n) = self.last.filter(|n| *n < LAST_ROUND_GAMES) {
            open.push(UnfinishedRound {
                round: OwedRound::Last,
                games: n,
                of: LAST_ROUND_GAMES,
                event: None,
                after: None,
            });
        }
        for r in &self.due {
            open.push(UnfinishedRound {
                round: r.game.owed(),
                games: r.played,
                of: ROUND_GAMES,
                event: Some(r.event),
                after: Some(r.after),
            });
        }
        open
    }

    /// Bierkopf's teams with this game's players (RULES.md section 7): the players across
    /// the table, the same two pairs as in the first Bierkopf game counted.
    fn bierkopf_teams(&self, names: &[String]) -> Result<[[String; 2]; 2], Error> {
        let pair = |a: usize, b: usize| {
            let mut p = [names[a].clone(), names[b].clone()];
            p.sort();
            p
        };
        let mut teams = [pair(0, 2), pair(1, 3)];
        teams.sort();
        match &self.teams {
            Some(fixed) if *fixed != teams => Err(Error::Conflict(format!(
                "players: Bierkopf's teams are fixed, {} and {} against {} and {}, but this \
                 game seats {} across from {}",
                fixed[0][0], fixed[0][1], fixed[1][0], fixed[1][1], names[0], names[2]
            ))),
            _ => Ok(teams),
        }
    }

    /// The last round's games after this game (RULES.md section 12): "the old one deals
    /// the last round", so its first game is dealt (seat 3) by the player who last held
    /// `EO` in a Sauspiel; its four games come one after the other, and nothing follows.
    fn last_round_after(&self, names: &[String], of_round: bool) -> Result<Option<u32>, Error> {
        match (self.last, of_round) {
            (Some(LAST_ROUND_GAMES), _) => Err(Error::Conflict(
                "round: the last round is over, so the evening has ended and no game follows"
                    .to_string(),
            )),
            (None, false) => Ok(None),
            (Some(n), false) => Err(Error::Conflict(format!(
                "round: the last round has had {n} of its {LAST_ROUND_GAMES} games, and this \
                 game is not one of them"
            ))),
            (Some(n), true) => Ok(Some(n + 1)),
            (None, true) => match &self.old_one {
                Some((old, game)) if *old != names[3] => Err(Error::Conflict(format!(
                    "round last: the last round is dealt by {old}, who last held EO in a \
                     Sauspiel (game {game}), not by {}",
                    names[3]
                ))),
                _ => Ok(Some(1)),
            },
        }
    }

    /// The Allgäu round after `record` (none once its twelfth game is counted), or the
    /// obligation it breaks: a game outside the round while one is under way, other
    /// players, or a player's second game of one kind.
    fn allgaeu_after(
        &self,
        record: &Record,
        names: &[String],
        of_round: bool,
    ) -> Result<Option<AllgaeuRound>, Error> {
        let of_round = of_round && !record.thrown_in;
        let mut round = match (&self.allgaeu, of_round) {
            (None, false) => return Ok(None),
            (Some(r), false) => {
                return Err(Error::Conflict(format!(
                    "round: the Allgäu round under way has had {} of its {ALLGAEU_GAMES} \
                     games, and this game is not one of them",
                    r.games
                )))
            }
            (Some(r), true) => r.clone(),
            (None, true) => AllgaeuRound {
                games: 0,
                owed: names.iter().map(|n| (n.clone(), [false; 3])).collect(),
            },
        };
        let players: Vec<&str> = round.owed.iter().map(|(p, _)| p.as_str()).collect();
        let other_players = Error::Conflict(format!(
            "players: the Allgäu round under way is played by {}, not by {}",
            players.join(", "),
            names.join(", ")
        ));
        if !names.iter().all(|n| players.contains(&n.as_str())) {
            return Err(other_players);
        }
        let contract = record.setup()?.contract();
        let (Some(declarer), Some(kind)) = (contract.declarer(), allgaeu_obligation(&contract))
        else {
            // The round's own check refuses any other game by name first.
            return Err(Round::Allgaeu.check_contract(&contract).unwrap_err());
        };
        let name = &names[declarer.index()];
        let game = round.games + 1;
        let Some((_, played)) = round.owed.iter_mut().find(|(p, _)| p == name) else {
            return Err(other_players);
        };
        if played[kind] {
            return Err(Error::Conflict(format!(
                "round allgaeu: {name} has played his {} of this Allgäu round already \
                 (game {game} of {ALLGAEU_GAMES})",
                ALLGAEU_NAMES[kind]
            )));
        }
        played[kind] = true;
        round.games = game;
        Ok((game < ALLGAEU_GAMES).then_some(round))
    }
}

impl RoundEvent {
    /// The event in a sentence's words: "the throw-in".
    fn words(self) -> &'static str {
        match self {
            RoundEvent::ThrownIn => "the throw-in",
            RoundEvent::LostSolo => "the lost solo",
            RoundEvent::Schwarz => "the schwarz",
            RoundEvent::Re => "the Re",
            RoundEvent::HerzSolo => "the Herz solo",
        }
    }
}

/// What happened in a game that may start a round: a hand thrown in, a solo-class game
/// lost (Tout included), either side schwarz, a Re, a Herz solo (its Tout too, won or
/// lost).
fn events(record: &Record, score: &Score, setup: Option<&Setup>) -> Vec<RoundEvent> {
    let mut events = Vec::new();
    let contract = setup.map(Setup::contract);
    match score.outcome {
        Outcome::ThrownIn { .. } => events.push(RoundEvent::ThrownIn),
        Outcome::Declared { won, schwarz, .. } => {
            let solo = contract.is_some_and(|c| c.game().solo_class());
            if solo && !won {
                events.push(RoundEvent::LostSolo);
            }
            if schwarz {
                events.push(RoundEvent::Schwarz);
            }
        }
        Outcome::Ramsch { .. } | Outcome::PlainTrick { .. } => {}
    }
    if record.doublings.re > 0 {
        events.push(RoundEvent::Re);
    }
    if let Some(Contract::Solo {
        game: Solo::Farbsolo(Suit::Herz),
        ..
    }) = contract
    {
        events.push(RoundEvent::HerzSolo);
    }
    events
}

#[cfg(test)]
mod tests {
    use super::OwedRound;
    use crate::ledger::tests::sauspiel;
    use crate::ledger::Ledger;
    use crate::options::RoundEvent;
    use crate::record::Record;

    #[test]
    fn a_hand_thrown_in_starts_a_bock_round_of_four_hands() {
        let names = ["Sepp", "Resi", "Hans", "Vroni"];
        let bock = |mut r: Record| {
            r.rules.bock_after = vec![RoundEvent::ThrownIn, RoundEvent::Re];
            r
        };
        let mut thrown = bock(sauspiel(names));
        (thrown.contract, thrown.play, thrown.thrown_in) = (None, Default::default(), true);
        let mut ledger = Ledger::new();
        assert_eq!(ledger.add(&thrown).unwrap().bock, 0);
        // The next four hands pay double: 40 each instead of 20.
        for _ in 0..4 {
            let e = ledger.add(&bock(sauspiel(names))).unwrap();
            assert_eq!((e.bock, e.payouts), (1, [40, -40, -40, 40]));
        }
        let e = ledger.add(&bock(sauspiel(names))).unwrap();
        assert_eq!((e.bock, e.payouts), (0, [20, -20, -20, 20]));
        // Two throw-ins: their rounds overlap, and the hands they share double twice.
        ledger.add(&thrown).unwrap();
        ledger.add(&thrown).unwrap();
        let e = ledger.add(&bock(sauspiel(names))).unwrap();
        assert_eq!((e.bock, e.payouts), (2, [80, -80, -80, 80]));
        // A record that states another Bock than the rounds under way is refused.
        let mut wrong = bock(sauspiel(names));
        wrong.doublings.bock = 1;
        assert_eq!(
            ledger.add(&wrong).unwrap_err().to_string(),
            "doublings.bock: the record says 1, but 2 Bock rounds are under way"
        );
    }

    /// The example deal thrown in, with these rules.
    fn thrown_in(names: [&str; 4], rules: impl Fn(&mut Record)) -> Record {
        let mut r = sauspiel(names);
        (r.contract, r.play, r.thrown_in) = (None, Default::default(), true);
        rules(&mut r);
        r
    }

    /// The example deal played as a Ramsch (the Sauspiel's cards, the same play).
    fn ramsch(names: [&str; 4]) -> Record {
        let mut r = sauspiel(names);
        r.contract = Some(serde_json::from_str(r#"{"game": "ramsch"}"#).unwrap());
        r
    }

    #[test]
    fn a_hand_thrown_in_starts_a_ramsch_round_the_ledger_holds_the_table_to() {
        let names = ["Sepp", "Resi", "Hans", "Vroni"];
        let rules = |r: &mut Record| r.rules.ramsch_after = vec![RoundEvent::ThrownIn];
        let mut ledger = Ledger::new();
        ledger.add(&thrown_in(names, rules)).unwrap();
        assert_eq!(ledger.totals().unfinished.len(), 1);
        ledger.add(&ramsch(names)).unwrap();
        // A Sauspiel inside the round is refused by name, and counts for nothing.
        let refused = ledger.add(&sauspiel(names)).unwrap_err().to_string();
        assert_eq!(
            refused,
            "round: game 3 is game 2 of the Ramsch round that the throw-in in game 1 \
             started, so it is played as a Ramsch, not sauspiel G by seat 0"
        );
        assert_eq!(ledger.totals().games, 2);
        let open = &ledger.totals().unfinished[0];
        assert_eq!((open.round, open.games, open.of), (OwedRound::Ramsch, 1, 4));
        assert_eq!(open.after, Some(1));
        assert_eq!(
            open.to_string(),
            "the Ramsch round that the throw-in in game 1 started, 1 of its 4 games played"
        );
        for _ in 0..3 {
            ledger.add(&ramsch(names)).unwrap();
        }
        // The round is over: a Sauspiel counts again, and nothing is owed.
        assert!(ledger.totals().unfinished.is_empty());
        ledger.add(&sauspiel(names)).unwrap();
        // A table that starts no round plays what it likes after a hand thrown in.
        let mut free = Ledger::new();
        free.add(&thrown_in(names, |_| {})).unwrap();
        free.add(&sauspiel(names)).unwrap();
    }

    #[test]
    fn a_herz_solo_starts_a_kreuzbock_round_after_the_round_under_way() {
        let names = ["Sepp", "Resi", "Hans", "Vroni"];
        let herz_solo = || {
            let mut r = sauspiel(names);
            r.contract = Some(
                serde_json::from_str(r#"{"game": "solo", "suit": "H", "declarer": 0}"#).unwrap(),
            );
            r.rules.kreuzbock_after = vec![RoundEvent::HerzSolo];
            r.rules.ramsch_after = vec![RoundEvent::ThrownIn];
            r
        };
        let kreuzbock = || {
            let mut r = sauspiel(names);
            r.contract =
                Some(serde_json::from_str(r#"{"game": "kreuzbock", "declarer": 0}"#).unwrap());
            r
        };
        let mut ledger = Ledger::new();
        // A hand thrown in, then a Herz solo: the Ramsch round comes first (the solo
        // is one of the games it may not hold), the Kreuzbock round after it.
        let mut thrown = herz_solo();
        (thrown.contract, thrown.play, thrown.thrown_in) = (None, Default::default(), true);
        ledger.add(&thrown).unwrap();
        let refused = ledger.add(&herz_solo()).unwrap_err().to_string();
        assert!(refused.ends_with("not solo H by seat 0"), "{refused}");
        ledger.add(&ramsch(names)).unwrap();
        let mut ramsch_herz = ramsch(names);
        ramsch_herz.rules.kreuzbock_after = vec![RoundEvent::HerzSolo];
        for _ in 0..3 {
            ledger.add(&ramsch_herz).unwrap();
        }
        // Outside any round: the Herz solo starts a Kreuzbock round.
        let entry = ledger.add(&herz_solo());
        assert!(entry.is_ok(), "{entry:?}");
        let open = ledger.totals().unfinished;
        assert_eq!(open.len(), 1);
        assert_eq!(
            (open[0].round, open[0].after),
            (OwedRound::Kreuzbock, Some(6))
        );
        let refused = ledger.add(&ramsch(names)).unwrap_err().to_string();
        assert!(
            refused.contains("the Kreuzbock round that the Herz solo in game 6 started"),
            "{refused}"
        );
        for _ in 0..4 {
            ledger.add(&kreuzbock()).unwrap();
        }
        assert!(ledger.totals().unfinished.is_empty());
    }

    #[test]
    fn one_event_cannot_start_both_a_ramsch_and_a_kreuzbock_round() {
        let mut r = sauspiel(["Sepp", "Resi", "Hans", "Vroni"]);
        r.rules.ramsch_after = vec![RoundEvent::LostSolo];
        r.rules.kreuzbock_after = vec![RoundEvent::LostSolo];
        assert_eq!(
            Ledger::new().add(&r).unwrap_err().to_string(),
            "rules.ramsch_after and rules.kreuzbock_after both name lost_solo: the hands after \
             it are played as a Ramsch or as a Kreuzbock, not both"
        );
    }
}
