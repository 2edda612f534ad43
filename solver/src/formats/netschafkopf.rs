//! The NetSchafkopf game protocol (`tests/data/README.md`, "The NetSchafkopf protocol",
//! describes it).
//!
//! A protocol is a session: a header (the rule set's name, then `gespielt von <guest> am ...`),
//! then one block per game, blocks separated by blank lines:
//!
//! ```text
//! Geber: PcOben
//!     PcRechts hat: H9 EZ EU S9 E9 HU        <- the four hands in playing order
//!         Gast hat: SO SZ GA SA GO G9
//!      PcLinks hat: HA EA SK GZ GU SU
//!       PcOben hat: HO EO HK HZ EK GK
//! Gast spielt Schellen-Geier                 <- the announcement
//!     PcRechts spielt aus: EZ SO EA EK       <- one line per trick, from its leader
//!     ...
//! Du gewinnst den Schellen-Geier. Die Gegner haben 42 Augen      <- the result (wraps)
//! Das Einzelspiel kostet 5 Punkte.                               <- the price, step by step
//! Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock
//!     1        5           -5           -5           -5          +15        0
//! ```
//!
//! The texts address the guest as `Du` / `dir`. The score table holds running totals, so a
//! game's payouts are the differences to the game before. The tariff is not written down
//! as such: it is read from the price lines (`kostet`, `Mit Schneider`, `Mit 3 Laufenden`,
//! ...) of the whole session, since every game names only the parts it used.
//!
//! The rules this reader puts into each record (checked against the recorded payouts of
//! every game in `tests/data/netschafkopf/` by a test):
//! - Jungfrau doubles everything, once per player without a trick (`jungfrau: double_all`);
//! - a Ramsch tie for most points is lost by the tied player who held (and so played) the
//!   highest trump (`ramsch_tie: highest_trump_played`; the protocol: `Bei Augengleichheit
//!   verliert, wer den höheren Ober hatte`);
//! - the fewest Laufende paid (`laufende_min`) differs between rule sets and sessions, so it
//!   is read from the session like the prices: per group of contracts (Sauspiel; Farbsolo;
//!   Wenz and Geier; Farbwenz and Farbgeier), the fewest Laufende a game was paid for, or
//!   one more than the most a game held without being paid for them.

use super::error::FormatError;
use crate::cards::{Card, Cards, Deck, Suit};
use crate::error::Error;
use crate::options::{Doublings, Jungfrau, Options, RamschTie, SchieberThrownIn, Tariff};
use crate::record::{CardText, ContractSpec, PassSpec, Record};
use crate::round::Round;
use crate::seat::Seat;
use crate::settle::laufende_held;
use std::collections::HashMap;

/// One game of a protocol: its hand record and the result the protocol records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedGame {
    /// The line of the game's `Geber:`.
    pub line: usize,
    pub record: Record,
    pub recorded: Recorded,
}

/// The result as the protocol states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The game's number in the session's score table.
    pub number: u32,
    /// The `Preis` column: the value of the game.
    pub price: i64,
    /// What each seat received (negative: paid): the change of its running total.
    pub payouts: [i64; 4],
    /// Each seat's running total in the score table after the game.
    pub totals: [i64; 4],
    pub outcome: RecordedOutcome,
}

/// Who won, as the result text says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedOutcome {
    Declared {
        declarer: Seat,
        /// Sauspiel: the partner named (`mit PcLinks`).
        partner: Option<Seat>,
        won: bool,
        /// `Die Gegner haben N Augen` (absent after a Tout).
        defenders_points: Option<u32>,
    },
    Ramsch {
        loser: Seat,
        /// `X hat N Augen` (not always written).
        points: Option<u32>,
        /// Players named as Jungfrau (`X ist Jungfrau`; not always written).
        jungfrau: Vec<Seat>,
        /// How many Jungfrau the price counted (`Mit 2 mal Jungfrau ...`).
        jungfrau_count: u8,
    },
    /// Nobody played (`Es wurde zusammengeworfen.`).
    ThrownIn,
}

/// Reads a protocol (already decoded, see [`super::decode`]). `name` prefixes the record
/// ids (`<name>#<game number>`). One result per game, in order; a bad game does not stop
/// the others.
pub fn parse(text: &str, name: &str) -> Vec<Result<ImportedGame, FormatError>> {
    let lines: Vec<Line> = text
        .split('\n')
        .enumerate()
        .map(|(i, t)| Line {
            number: i + 1,
            text: t.trim_end_matches('\r'),
        })
        .collect();
    let mut out = Vec::new();
    let mut session = Session::default();
    for block in lines
        .split(|l| l.text.trim().is_empty())
        .filter(|b| !b.is_empty())
    {
        if let Some(guest) = block
            .get(1)
            .and_then(|l| l.text.strip_prefix("gespielt von "))
        {
            out.extend(std::mem::take(&mut session).finish(name));
            session.guest = guest.split_whitespace().next().map(str::to_string);
            continue;
        }
        session.add(block);
    }
    out.extend(session.finish(name));
    out
}

#[derive(Copy, Clone, Debug)]
struct Line<'a> {
    number: usize,
    text: &'a str,
}

impl Line<'_> {
    fn syntax(&self, expected: &'static str) -> FormatError {
        FormatError::Syntax {
            line: self.number,
            expected,
            found: self.text.trim().to_string(),
        }
    }
}

/// The games of one session so far, and the running totals of its score table.
#[derive(Default)]
struct Session<'a> {
    guest: Option<String>,
    games: Vec<Result<Parsed<'a>, FormatError>>,
    totals: HashMap<String, i64>,
}

/// A game block read line by line, before the session's tariff is known.
struct Parsed<'a> {
    line: usize,
    names: [String; 4],
    /// A Schieber round: `hands` are as dealt, the dealer's short by the cards set aside.
    schieber: bool,
    hands: [Vec<Card>; 4],
    announcement: Announcement,
    tricks: Vec<(Line<'a>, Seat, Vec<Card>)>,
    outcome: RecordedOutcome,
    cost: Cost,
    number: u32,
    price: i64,
    payouts: [i64; 4],
    totals: [i64; 4],
}

enum Announcement {
    Contract(ContractSpec),
    ThrownIn,
}

impl<'a> Session<'a> {
    fn add(&mut self, block: &[Line<'a>]) {
        // The score table is read first: a game we cannot import still moves the totals.
        let score = score_table(block, &mut self.totals);
        let game = score.and_then(|score| parse_game(block, self.guest.as_deref(), score));
        self.games.push(game);
    }

    fn finish(self, name: &str) -> Vec<Result<ImportedGame, FormatError>> {
        let tariff = session_tariff(self.games.iter().flatten().map(|g| &g.cost));
        let mut games: Vec<_> = self
            .games
            .into_iter()
            .map(|g| {
                g.and_then(|g| {
                    let paid = g.cost.laufende;
                    g.into_record(name, &tariff).map(|game| (game, paid))
                })
            })
            .collect();
        let minimum = LaufendeMinimum::derive(games.iter().flatten());
        for (game, _) in games.iter_mut().flatten() {
            minimum.apply(&mut game.record);
        }
        games.into_iter().map(|g| g.map(|(game, _)| game)).collect()
    }
}

/// The fewest Laufende paid, per group of contracts, as a session's games show it.
struct LaufendeMinimum([Option<u8>; 4]);

impl LaufendeMinimum {
    /// Contracts whose Laufende follow the same rule.
    fn group(record: &Record) -> Option<usize> {
        match record.contract.as_ref()?.game.as_str() {
            "sauspiel" => Some(0),
            "solo" => Some(1),
            "wenz" | "geier" => Some(2),
            "farbwenz" | "farbgeier" => Some(3),
            _ => None,
        }
    }

    /// From each game's Laufende held and paid: the fewest paid, unless a game held at least
    /// as many unpaid; then one more than the most held unpaid.
    fn derive<'g>(games: impl Iterator<Item = &'g (ImportedGame, Option<u8>)>) -> Self {
        let mut paid_min = [None::<u8>; 4];
        let mut unpaid_max = [None::<u8>; 4];
        for (game, paid) in games {
            let Some(group) = Self::group(&game.record) else {
                continue;
            };
            // Imported games passed `check`, so their setup is valid.
            let Ok(setup) = game.record.setup() else {
                continue;
            };
            match paid {
                Some(n) => paid_min[group] = Some(paid_min[group].map_or(*n, |m| m.min(*n))),
                None => {
                    let held = laufende_held(&setup) as u8;
                    if held > 0 {
                        unpaid_max[group] = Some(unpaid_max[group].map_or(held, |m| m.max(held)));
                    }
                }
            }
        }
        LaufendeMinimum(std::array::from_fn(|g| {
            match (paid_min[g], unpaid_max[g]) {
                (Some(p), Some(u)) if u >= p => Some(u + 1),
                (Some(p), _) => Some(p),
                (None, u) => u.map(|u| u + 1),
            }
        }))
    }

    fn apply(&self, record: &mut Record) {
        if let Some(min) = Self::group(record).and_then(|g| self.0[g]) {
            record.rules.laufende_min = Some(min);
        }
    }
}

/// The game's number, price and payouts from the score table under it.
struct Score {
    number: u32,
    price: i64,
    /// By player name: the change of the running total, and the total.
    payouts: HashMap<String, (i64, i64)>,
}

fn score_table(block: &[Line], totals: &mut HashMap<String, i64>) -> Result<Score, FormatError> {
    let first = block[0];
    let i = block
        .iter()
        .position(|l| l.text.starts_with("Spiel ") && l.text.contains("Preis"))
        .ok_or_else(|| FormatError::Syntax {
            line: first.number,
            expected: "a game ending in a score table (`Spiel Preis <players> Stock`)",
            found: first.text.to_string(),
        })?;
    let header: Vec<&str> = block[i].text.split_whitespace().collect();
    let row_line = block
        .get(i + 1)
        .copied()
        .ok_or_else(|| FormatError::Syntax {
            line: block[i].number,
            expected: "a score line under the score table's header",
            found: String::new(),
        })?;
    let row: Vec<&str> = row_line.text.split_whitespace().collect();
    let bad_row = || row_line.syntax("a score line: game number, price, totals, stock");
    if header.len() != 7 || row.len() != 7 {
        return Err(bad_row());
    }
    let number: u32 = row[0].parse().map_err(|_| bad_row())?;
    let price: i64 = row[1].parse().map_err(|_| bad_row())?;
    let mut payouts = HashMap::new();
    for (name, total) in header[2..6].iter().zip(&row[2..6]) {
        let total: i64 = total
            .trim_start_matches('+')
            .parse()
            .map_err(|_| bad_row())?;
        let before = totals.insert(name.to_string(), total).unwrap_or(0);
        // Totals far apart are no payment anyone made: refused, never wrapped.
        let paid = total.checked_sub(before).ok_or_else(bad_row)?;
        payouts.insert(name.to_string(), (paid, total));
    }
    Ok(Score {
        number,
        price,
        payouts,
    })
}

fn parse_game<'a>(
    block: &[Line<'a>],
    guest: Option<&str>,
    score: Score,
) -> Result<Parsed<'a>, FormatError> {
    let mut lines = block.iter().copied().skip(1);
    let first = block[0];
    let dealer = first
        .text
        .strip_prefix("Geber: ")
        .ok_or_else(|| first.syntax("`Geber: <name>` (or a protocol header)"))?
        .trim();
    let mut next = |expected: &'static str| {
        lines.next().ok_or_else(|| FormatError::Syntax {
            line: block[block.len() - 1].number,
            expected,
            found: "the end of the game".to_string(),
        })
    };
    let mut line = next("the four hands")?;
    // A Schieber round: the dealer's hand lists a `DU` for each card set aside.
    let schieber = line.text.trim() == "Spielart: Schieber";
    if schieber {
        line = next("the four hands")?;
    }
    let mut names: [String; 4] = Default::default();
    let mut hands: [Vec<Card>; 4] = Default::default();
    for seat in 0..4 {
        if seat > 0 {
            line = next("the four hands")?;
        }
        let (name, cards) = line
            .text
            .trim()
            .split_once(" hat: ")
            .ok_or_else(|| line.syntax("`<name> hat: <cards>`"))?;
        names[seat] = name.to_string();
        let placeholders = schieber && seat == 3;
        hands[seat] = cards_of(line, cards, placeholders)?;
    }
    if names[3] != dealer {
        return Err(FormatError::Inconsistent {
            line: first.number,
            fault: format!(
                "the dealer {dealer} should be listed last, but the hands end with {}",
                names[3]
            ),
        });
    }
    let seat_of = |name: &str| -> Option<Seat> {
        let name = match name {
            "Du" | "dir" => guest?,
            other => other,
        };
        names
            .iter()
            .position(|n| n == name)
            .and_then(|i| Seat::new(i as u8))
    };
    let line = next("the announcement")?;
    let announcement = announcement(line, &seat_of)?;
    let mut tricks = Vec::new();
    if matches!(announcement, Announcement::Contract(_)) {
        for _ in 0..hands[0].len() {
            let line = next("a trick (`<name> spielt aus: <cards>`)")?;
            let (leader, cards) = line
                .text
                .trim()
                .split_once(" spielt aus: ")
                .ok_or_else(|| line.syntax("a trick (`<name> spielt aus: <cards>`)"))?;
            let leader = seat_of(leader)
                .ok_or_else(|| line.syntax("a trick led by one of the four players"))?;
            tricks.push((line, leader, cards_of(line, cards, false)?));
        }
    }
    // The rest up to the score table: the result statement, then the price.
    let rest: Vec<Line> = lines
        .take_while(|l| !l.text.starts_with("Spiel "))
        .collect();
    let split = rest
        .iter()
        .position(|l| l.text.starts_with("Das ") || l.text.starts_with("Der "))
        .unwrap_or(rest.len());
    let (statement, price_lines) = rest.split_at(split);
    let outcome = match announcement {
        Announcement::ThrownIn => RecordedOutcome::ThrownIn,
        Announcement::Contract(_) => outcome(statement, first, &seat_of)?,
    };
    let cost = match announcement {
        Announcement::ThrownIn => Cost::default(),
        Announcement::Contract(_) => cost(price_lines, first)?,
    };
    let mut outcome = outcome;
    if let RecordedOutcome::Ramsch { jungfrau_count, .. } = &mut outcome {
        *jungfrau_count = cost.jungfrau;
    }
    let (mut payouts, mut totals) = ([0; 4], [0; 4]);
    for (seat, name) in names.iter().enumerate() {
        (payouts[seat], totals[seat]) =
            *score
                .payouts
                .get(name)
                .ok_or_else(|| FormatError::Inconsistent {
                    line: first.number,
                    fault: format!("player {name} is not in the score table"),
                })?;
    }
    Ok(Parsed {
        line: first.number,
        names,
        schieber,
        hands,
        announcement,
        tricks,
        outcome,
        cost,
        number: score.number,
        price: score.price,
        payouts,
        totals,
    })
}

/// The cards of a hand or trick line; with `placeholders` (a Schieber dealer's hand), the
/// `DU` standing for cards set aside are left out.
fn cards_of(line: Line, text: &str, placeholders: bool) -> Result<Vec<Card>, FormatError> {
    text.split_whitespace()
        .filter(|t| !(placeholders && *t == "DU"))
        .map(|t| match t.parse::<Card>() {
            Ok(card) => Ok(card),
            Err(_) if t == "DU" => Err(FormatError::Unsupported {
                line: line.number,
                what: "a `DU` placeholder outside a Schieber dealer's hand".to_string(),
            }),
            Err(_) => Err(FormatError::Record {
                line: line.number,
                error: Error::BadCard {
                    place: "the protocol".to_string(),
                    text: t.to_string(),
                },
            }),
        })
        .collect()
}

fn suit_named(word: &str) -> Option<Suit> {
    match word {
        "Eichel" => Some(Suit::Eichel),
        "Grün" | "Gras" => Some(Suit::Gras),
        "Herz" => Some(Suit::Herz),
        "Schellen" | "Schelln" => Some(Suit::Schellen),
        _ => None,
    }
}

/// `Es wurde Ramsch gespielt.`, `Es wurde zusammengeworfen.` or `<name> spielt <game>`,
/// the game being `Mit der Eichel-Ass`, `Herz-Solo`, `Wenz`, `Geier`, `Grün-Wenz`,
/// `Schellen-Geier`, each but the first optionally followed by `Tout`.
fn announcement(
    line: Line,
    seat_of: &dyn Fn(&str) -> Option<Seat>,
) -> Result<Announcement, FormatError> {
    let text = line.text.trim();
    let spec = |game: &str, suit: Option<Suit>, declarer: Option<Seat>, tout: bool| {
        Announcement::Contract(ContractSpec {
            game: game.to_string(),
            suit: suit.map(|s| s.to_string()),
            declarer: declarer.map(|d| d.index() as i64),
            tout,
            ..ContractSpec::default()
        })
    };
    match text {
        "Es wurde Ramsch gespielt." => return Ok(spec("ramsch", None, None, false)),
        "Es wurde zusammengeworfen." => return Ok(Announcement::ThrownIn),
        _ => {}
    }
    let unknown = || line.syntax("an announcement (`<name> spielt <game>`)");
    let (who, game) = text.split_once(" spielt ").ok_or_else(unknown)?;
    let declarer = seat_of(who).ok_or_else(unknown)?;
    let (game, tout) = match game.strip_suffix(" Tout") {
        Some(g) => (g, true),
        None => (game, false),
    };
    if let Some(ace) = game.strip_prefix("Mit der ") {
        let suit = ace
            .strip_suffix("-Ass")
            .or_else(|| ace.strip_suffix("-As"))
            .and_then(suit_named)
            .ok_or_else(unknown)?;
        if tout {
            return Err(unknown());
        }
        return Ok(spec("sauspiel", Some(suit), Some(declarer), false));
    }
    let (suit, kind) = match game.split_once('-') {
        Some((suit, kind)) => (Some(suit_named(suit).ok_or_else(unknown)?), kind),
        None => (None, game),
    };
    let name = match (kind, suit.is_some()) {
        ("Solo", true) => "solo",
        ("Wenz", false) => "wenz",
        ("Wenz", true) => "farbwenz",
        ("Geier", false) => "geier",
        ("Geier", true) => "farbgeier",
        _ => return Err(unknown()),
    };
    Ok(spec(name, suit, Some(declarer), tout))
}

/// The result sentences: `X gewinnt das Rufspiel: Mit der Eichel-Ass mit Y.`, `Die Gegner
/// haben N Augen`, `X verliert den Ramsch. X hat N Augen. Y ist Jungfrau`, ...
fn outcome(
    lines: &[Line],
    first: Line,
    seat_of: &dyn Fn(&str) -> Option<Seat>,
) -> Result<RecordedOutcome, FormatError> {
    let text = joined(lines);
    let bad = |expected: &'static str| syntax_at(lines, first, expected, &text);
    let mut sentences = sentences(&text);
    let head = sentences.next().ok_or_else(|| bad("a result"))?;
    let mut words = head.splitn(3, ' ');
    let (Some(who), Some(verb), Some(rest)) = (words.next(), words.next(), words.next()) else {
        return Err(bad("a result (`<name> gewinnt ...`)"));
    };
    let seat = seat_of(who).ok_or_else(|| bad("a result naming one of the players"))?;
    let won = match verb {
        "gewinnt" | "gewinnst" => true,
        "verliert" | "verlierst" => false,
        _ => return Err(bad("a result (`gewinnt` or `verliert`)")),
    };
    let ramsch = rest == "den Ramsch";
    let partner = match rest.rsplit_once(" mit ") {
        Some((_, name)) if !ramsch => Some(seat_of(name).ok_or_else(|| bad("a partner's name"))?),
        _ => None,
    };
    let (mut points, mut defenders, mut jungfrau) = (None, None, Vec::new());
    let number = |s: &str| s.parse::<u32>().map_err(|_| bad("a number of points"));
    for sentence in sentences {
        let words: Vec<&str> = sentence.split(' ').collect();
        match words.as_slice() {
            ["Die", "Gegner", "haben", n, "Augen"] => defenders = Some(number(n)?),
            [_, "hat" | "hast", n, "Augen"] => points = Some(number(n)?),
            [name, "ist" | "bist", "Jungfrau"] => {
                jungfrau.push(seat_of(name).ok_or_else(|| bad("a player's name"))?)
            }
            // The tie rule is stated, not applied here: scoring applies it.
            ["Bei", "Augengleichheit", ..] => {}
            _ => return Err(bad("a result sentence")),
        }
    }
    if ramsch {
        if won {
            return Err(bad("a Ramsch result (`verliert den Ramsch`)"));
        }
        return Ok(RecordedOutcome::Ramsch {
            loser: seat,
            points,
            jungfrau,
            jungfrau_count: 0,
        });
    }
    Ok(RecordedOutcome::Declared {
        declarer: seat,
        partner,
        won,
        defenders_points: defenders,
    })
}

/// A fault in a passage of lines (joined as `text`), on its first line (or the game's when
/// the passage is empty).
fn syntax_at(lines: &[Line], first: Line, expected: &'static str, text: &str) -> FormatError {
    FormatError::Syntax {
        line: lines.first().unwrap_or(&first).number,
        expected,
        found: text.to_string(),
    }
}

/// The lines joined into one text: long sentences wrap onto the next line.
fn joined(lines: &[Line]) -> String {
    lines
        .iter()
        .map(|l| l.text.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sentences of a text, without their final full stops.
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    text.split(". ")
        .map(|s| s.trim().trim_end_matches('.'))
        .filter(|s| !s.is_empty())
}

/// The price lines of one game: the base price and each step after it, every step giving
/// the new running amount.
#[derive(Clone, Debug, Default)]
struct Cost {
    /// `Rufspiel`, `Einzelspiel` or `Ramsch`, and its price.
    base: Option<(Kind, i64)>,
    /// The schneider and schwarz surcharges seen.
    extras: Vec<i64>,
    /// The price of one Laufender.
    laufende_price: Option<i64>,
    /// How many Laufende were paid.
    laufende: Option<u8>,
    /// How many players were Jungfrau (Ramsch).
    jungfrau: u8,
    /// `aufgedoppelt` (before the game) and `gespritzt` (Kontra and Re) counts.
    klopfen: u8,
    kontra: u8,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Rufspiel,
    Einzelspiel,
    Ramsch,
}

fn cost(lines: &[Line], first: Line) -> Result<Cost, FormatError> {
    let text = joined(lines);
    let bad = |expected: &'static str| syntax_at(lines, first, expected, &text);
    let mut cost = Cost::default();
    let mut amount: Option<i64> = None;
    for sentence in sentences(&text) {
        let words: Vec<&str> = sentence.split(' ').collect();
        let (value, step) = match words.as_slice() {
            [step @ .., n, "Punkt" | "Punkte"] => (
                n.parse::<i64>().map_err(|_| bad("a price in points"))?,
                step,
            ),
            _ => return Err(bad("a price sentence (`... N Punkte`)")),
        };
        let count = |n: &str| n.parse::<u8>().map_err(|_| bad("a count"));
        // Differences of prices and sums of counts are checked: a protocol's numbers may
        // be anything.
        let over = || bad("prices and counts a table can pay");
        let before = amount;
        let previous = || before.ok_or_else(|| bad("the base price first (`... kostet N Punkte`)"));
        match step {
            ["Das", "Rufspiel", "kostet"] => cost.base = Some((Kind::Rufspiel, value)),
            ["Das", "Einzelspiel", "kostet"] => cost.base = Some((Kind::Einzelspiel, value)),
            ["Der", "Ramsch", "kostet"] => cost.base = Some((Kind::Ramsch, value)),
            ["Mit", "Schneider" | "Schwarz"] => cost
                .extras
                .push(value.checked_sub(previous()?).ok_or_else(over)?),
            ["Mit" | "Ohne", n, "Laufenden" | "Laufende"] => {
                let n = count(n)? as i64;
                let added = value.checked_sub(previous()?).ok_or_else(over)?;
                if n == 0 || added % n != 0 {
                    return Err(bad("a price for each Laufender"));
                }
                cost.laufende_price = Some(added / n);
                cost.laufende = Some(n as u8);
            }
            [n, "mal", "aufgedoppelt"] => {
                cost.klopfen = cost.klopfen.checked_add(count(n)?).ok_or_else(over)?
            }
            [n, "mal", "gespritzt"] => {
                cost.kontra = cost.kontra.checked_add(count(n)?).ok_or_else(over)?
            }
            // Jungfrau and Tout double the price; the rules do that from the play.
            ["Mit", n, "mal", "Jungfrau"] => cost.jungfrau = count(n)?,
            ["Doppelt", "für", "Tout"] => {}
            _ => return Err(bad("a price sentence")),
        }
        amount = Some(value);
    }
    Ok(cost)
}

/// The session's prices: for each, the value most games show.
fn session_tariff<'c>(costs: impl Iterator<Item = &'c Cost>) -> Tariff {
    let mut seen: [HashMap<i64, usize>; 5] = Default::default();
    for cost in costs {
        let slot = match cost.base {
            Some((Kind::Rufspiel, _)) => 0,
            Some((Kind::Einzelspiel, _)) => 1,
            Some((Kind::Ramsch, _)) => 2,
            None => continue,
        };
        if let Some((_, price)) = cost.base {
            *seen[slot].entry(price).or_default() += 1;
        }
        for &extra in &cost.extras {
            *seen[3].entry(extra).or_default() += 1;
        }
        if let Some(price) = cost.laufende_price {
            *seen[4].entry(price).or_default() += 1;
        }
    }
    let most = |m: &HashMap<i64, usize>| {
        m.iter()
            .max_by_key(|(price, n)| (**n, std::cmp::Reverse(**price)))
            .map(|(price, _)| *price)
    };
    Tariff {
        base: most(&seen[0]),
        solo: most(&seen[1]),
        ramsch_price: most(&seen[2]),
        extra: most(&seen[3]),
        laufende_price: most(&seen[4]),
        ..Tariff::default()
    }
}

impl Parsed<'_> {
    fn into_record(self, name: &str, session: &Tariff) -> Result<ImportedGame, FormatError> {
        // A game's own prices win over the session's (they are the same in every protocol
        // seen, but a session may change its tariff).
        let mut tariff = session.clone();
        match self.cost.base {
            Some((Kind::Rufspiel, p)) => tariff.base = Some(p),
            Some((Kind::Einzelspiel, p)) => tariff.solo = Some(p),
            Some((Kind::Ramsch, p)) => tariff.ramsch_price = Some(p),
            None => {}
        }
        if let Some(&extra) = self.cost.extras.first() {
            tariff.extra = Some(extra);
        }
        if let Some(price) = self.cost.laufende_price {
            tariff.laufende_price = Some(price);
        }
        let contract = match &self.announcement {
            Announcement::Contract(spec) => Some(spec.clone()),
            Announcement::ThrownIn => None,
        };
        let rules = Options {
            jungfrau: Jungfrau::DoubleAll,
            ramsch_tie: RamschTie::HighestTrumpPlayed,
            schieber_thrown_in: if self.schieber {
                SchieberThrownIn::FirstAndLastPay
            } else {
                SchieberThrownIn::default()
            },
            ..Options::default()
        };
        let deck_kind = if self.hands[0].len() == Deck::Short.hand_size() {
            Deck::Short
        } else {
            Deck::Long
        };
        let deck = (deck_kind == Deck::Short).then(|| "short".to_string());
        let kontra = self.cost.kontra;
        let thrown_in = contract.is_none();
        let record = Record {
            pack: None,
            // The protocols name who declared, not what each seat said.
            auction: None,
            id: Some(format!("{name}#{}", self.number)),
            variant: None,
            deck,
            hands: self
                .hands
                .iter()
                .map(|h| Some(CardText::from_cards(h.iter().copied())))
                .collect(),
            round: self.schieber.then(|| Round::Schieber.name().to_string()),
            passes: if self.schieber {
                self.schieber_passes(deck_kind)
            } else {
                Vec::new()
            },
            contract,
            thrown_in,
            play: CardText::from_cards(
                self.tricks
                    .iter()
                    .flat_map(|(_, _, cards)| cards.iter().copied()),
            ),
            doublings: Doublings {
                klopfen: self.cost.klopfen,
                // Kontra and Re alternate: of n doublings, every other one is a Re.
                kontra: kontra.div_ceil(2),
                re: kontra / 2,
                // The protocols name no Bock; their score tables are matched without one.
                bock: 0,
            },
            tariff,
            rules,
            stock: None,
            players: Some(self.names.to_vec()),
            meta: None,
        };
        if record.contract.is_some() {
            self.check(&record)?;
        } else {
            // A thrown-in game has no play to check, but its deal is checked all the same.
            record.score().map_err(|error| FormatError::Record {
                line: self.line,
                error,
            })?;
        }
        Ok(ImportedGame {
            line: self.line,
            record,
            recorded: Recorded {
                number: self.number,
                price: self.price,
                payouts: self.payouts,
                totals: self.totals,
                outcome: self.outcome,
            },
        })
    }

    /// A Schieber round's passes (RULES.md section 12): the cards no hand lists were set
    /// aside and go to forehand; the rest follows from the hands played, read back from
    /// the tricks, last pass first: what the dealer played beyond his dealt hand came from
    /// rearhand, what rearhand held or passed on beyond his came from middlehand, and so
    /// on. A round thrown in shows no play: only the cards set aside are known to have
    /// moved. The record's check finds any pass that does not add up.
    fn schieber_passes(&self, deck: Deck) -> Vec<PassSpec> {
        let dealt: Vec<Cards> = self
            .hands
            .iter()
            .map(|h| h.iter().copied().collect())
            .collect();
        let listed = dealt.iter().fold(Cards::EMPTY, |a, h| a | *h);
        let aside = deck.cards().without(listed);
        let mut passes = vec![PassSpec {
            from: None,
            to: 0,
            cards: CardText::from_cards(aside),
        }];
        if self.tricks.is_empty() {
            return passes;
        }
        let mut played = [Cards::EMPTY; 4];
        for (_, leader, cards) in &self.tricks {
            for (i, &card) in cards.iter().enumerate() {
                played[leader.plus(i as u8).index()].insert(card);
            }
        }
        let mut chain = Vec::new();
        let mut passed_on = Cards::EMPTY;
        for to in (1..4).rev() {
            let received = (played[to] | passed_on).without(dealt[to]);
            chain.push(PassSpec {
                from: Some(to as i64 - 1),
                to: to as i64,
                cards: CardText::from_cards(received),
            });
            passed_on = received;
        }
        passes.extend(chain.into_iter().rev());
        passes
    }

    /// The record is legal, and each trick is led by the player the protocol names.
    fn check(&self, record: &Record) -> Result<(), FormatError> {
        let game = record.game().map_err(|error| {
            let line = match &error {
                Error::IllegalPlay { index, .. } => self
                    .tricks
                    .get(index / 4)
                    .map_or(self.line, |(l, _, _)| l.number),
                _ => self.line,
            };
            FormatError::Record { line, error }
        })?;
        for (trick, (line, named, _)) in game.tricks().iter().zip(&self.tricks) {
            if *named != trick.leader {
                return Err(FormatError::Inconsistent {
                    line: line.number,
                    fault: format!(
                        "the protocol says {} leads, but the rules give the lead to {}",
                        self.names[named.index()],
                        self.names[trick.leader.index()]
                    ),
                });
            }
        }
        Ok(())
    }
}
