//! openschafkopf's one-line plain format: the rules text, a colon, then every card of the
//! game in order of play, in lower case:
//!
//! ```text
//! Rufspiel Eichel von 3: so h7 go eo ho hz hk eu gu h9 ...
//! ```
//!
//! The rules text names the game and the declarer's seat (`von N`, seat 0 leads first). It
//! is read the way openschafkopf reads it: case-insensitive, by keywords (`rufspiel`,
//! `sauspiel`, `mit der`; `solo`, `sticht`; `wenz`; `geier`; `bettel`; `ramsch`; `tout`)
//! and suit words (`eichel`, `alt`; `gras`, `grün`, `laub`, `blatt`, `blau`; `herz`, `rot`;
//! `schell`, `pump`), so `Schelln-Wenz von 2` is a Farbwenz. The hands follow from the
//! play: each trick's winner leads the next.
//!
//! The format carries the deal, the contract and the play, nothing else: prices, options,
//! doublings, player names and ids stay behind on export and take their defaults on import.

use super::error::FormatError;
use crate::cards::{Card, Cards, Deck, Suit};
use crate::contract::{Contract, Solo, Variant};
use crate::error::Error;
use crate::game::{Deal, Game, Setup};
use crate::options::{Doublings, Options, Tariff};
use crate::record::{CardText, ContractSpec, Record};
use crate::seat::{BySeat, Seat};

/// One game read from a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedLine {
    /// The line number (from 1).
    pub line: usize,
    pub record: Record,
}

/// Reads every non-blank line; one result per game, in order.
pub fn parse(text: &str) -> Vec<Result<ImportedLine, FormatError>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            parse_line(l, i + 1).map(|record| ImportedLine {
                line: i + 1,
                record,
            })
        })
        .collect()
}

/// Reads one game; `line` is its number, for the errors.
pub fn parse_line(text: &str, line: usize) -> Result<Record, FormatError> {
    let syntax = |expected: &'static str| FormatError::Syntax {
        line,
        expected,
        found: text.trim().to_string(),
    };
    let (rules, cards) = text
        .split_once(':')
        .ok_or_else(|| syntax("`<rules>: <cards>` (a colon after the rules text)"))?;
    let play = cards
        .split_whitespace()
        .map(|t| {
            t.parse::<Card>().map_err(|_| FormatError::Record {
                line,
                error: Error::BadCard {
                    place: "play".to_string(),
                    text: t.to_string(),
                },
            })
        })
        .collect::<Result<Vec<Card>, _>>()?;
    let deck = [Deck::Long, Deck::Short]
        .into_iter()
        .find(|d| play.len() == 4 * d.hand_size())
        .ok_or_else(|| FormatError::Inconsistent {
            line,
            fault: format!(
                "a game in this format has all 32 (or 24) cards, found {}",
                play.len()
            ),
        })?;
    let (contract, stichzwang) = contract_of(rules).map_err(|fault| FormatError::Inconsistent {
        line,
        fault: format!("rules '{}': {fault}", rules.trim()),
    })?;
    let hands =
        hands_of(&contract, deck, &play).map_err(|error| FormatError::Record { line, error })?;
    // The game is checked as any game is: the deal, the contract on it, every card.
    let rules = Options {
        stichzwang,
        ..Options::default()
    };
    Deal::new(Variant::Bavarian, deck, hands)
        .and_then(|deal| deal.with_table(rules.clone(), Tariff::default(), Doublings::default(), 0))
        .and_then(|deal| Setup::new(deal, contract))
        .and_then(|setup| Game::replay(setup, &play))
        .map_err(|error| FormatError::Record { line, error })?;
    Ok(Record {
        pack: None,
        auction: None,
        id: None,
        variant: None,
        deck: (deck == Deck::Short).then(|| deck.name().to_string()),
        hands: hands
            .0
            .iter()
            .map(|h| Some(CardText::from_cards(*h)))
            .collect(),
        round: None,
        passes: Vec::new(),
        contract: Some(ContractSpec::of(&contract)),
        thrown_in: false,
        play: CardText::from_cards(play.iter().copied()),
        doublings: Default::default(),
        tariff: Default::default(),
        rules,
        stock: None,
        players: None,
        meta: None,
    })
}

/// Who held which card: the seats in trick order, each trick led by the last one's winner.
fn hands_of(contract: &Contract, deck: Deck, play: &[Card]) -> Result<BySeat<Cards>, Error> {
    let order = contract.order(deck);
    let mut hands = BySeat([Cards::EMPTY; 4]);
    let mut seen = Cards::EMPTY;
    let mut leader = Seat::S0;
    for trick in play.chunks(4) {
        for (i, &card) in trick.iter().enumerate() {
            if seen.contains(card) {
                return Err(Error::DuplicateCard(card));
            }
            seen.insert(card);
            hands[leader.plus(i as u8)].insert(card);
        }
        leader = leader.plus(order.winner_index(trick) as u8);
    }
    Ok(hands)
}

/// The contract a rules text names, and whether it asks for Stichzwang (`Bettel stich`).
fn contract_of(rules: &str) -> Result<(Contract, bool), String> {
    let (text, seat) = match rules.split_once(" von ") {
        Some((text, seat)) => {
            let seat = seat
                .trim()
                .parse::<u8>()
                .ok()
                .and_then(Seat::new)
                .ok_or_else(|| format!("'{}' is not a seat (0 to 3)", seat.trim()))?;
            (text, Some(seat))
        }
        None => (rules, None),
    };
    let text = text.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| text.contains(w));
    let suits: Vec<Suit> = [
        (Suit::Eichel, &["eichel", "alt"][..]),
        (Suit::Gras, &["gras", "grün", "laub", "blatt", "blau"][..]),
        (Suit::Herz, &["herz", "rot"][..]),
        (Suit::Schellen, &["schell", "pump"][..]),
    ]
    .into_iter()
    .filter(|(_, words)| has(words))
    .map(|(suit, _)| suit)
    .collect();
    let suit = match suits.as_slice() {
        [] => None,
        [suit] => Some(*suit),
        _ => return Err("names more than one suit".to_string()),
    };
    let games: Vec<&str> = [
        (
            "sauspiel",
            &["rufspiel", "sauspiel", "mit der", "auf die"][..],
        ),
        ("solo", &["solo", "sticht"][..]),
        ("wenz", &["wenz"][..]),
        ("geier", &["geier"][..]),
        ("bettel", &["bettel"][..]),
        ("ramsch", &["ramsch"][..]),
    ]
    .into_iter()
    .filter(|(_, words)| has(words))
    .map(|(game, _)| game)
    .collect();
    let game = match games.as_slice() {
        [game] => *game,
        [] => return Err("names no game openschafkopf knows".to_string()),
        _ => return Err("names more than one game".to_string()),
    };
    let tout = has(&["tout"]);
    let declarer = || seat.ok_or_else(|| format!("a {game} needs its declarer (`von <seat>`)"));
    let need_suit = || suit.ok_or_else(|| format!("a {game} needs a suit"));
    let solo = |game: Solo| -> Result<Contract, String> {
        Ok(Contract::Solo {
            declarer: declarer()?,
            game,
            tout,
        })
    };
    let contract = match game {
        "sauspiel" => Contract::sauspiel(declarer()?, need_suit()?),
        "solo" => solo(Solo::Farbsolo(need_suit()?))?,
        "wenz" => solo(suit.map_or(Solo::Wenz, Solo::Farbwenz))?,
        "geier" => solo(suit.map_or(Solo::Geier, Solo::Farbgeier))?,
        "bettel" => Contract::Bettel {
            declarer: declarer()?,
            ouvert: false,
            trumps: false,
        },
        _ => Contract::Ramsch,
    };
    Ok((contract, game == "bettel" && has(&["stich"])))
}

/// The record as one line of the plain format. The record must be a finished game of a
/// contract the format knows (no Bettel ouvert, Sie, Hochzeit or German Schafkopf, no
/// Schieber round).
/// A record that is not valid fails with its own fault (`duplicate_card`, ...), one the
/// format cannot hold with `not_expressible`.
pub fn write(record: &Record) -> Result<String, FormatError> {
    let game = record.game().map_err(FormatError::Invalid)?;
    // The format writes the German pack's suit names and letters: `Display`'s own.
    write_game(&game)
}

fn write_game(game: &Game) -> Result<String, FormatError> {
    if game.setup().deck() == Deck::Twenty {
        return Err(FormatError::NotExpressible(
            "a game of the 20-card deck (the format has 32 or 24 cards)".to_string(),
        ));
    }
    if let Some(round) = game.setup().deal().round() {
        return Err(FormatError::NotExpressible(format!(
            "a {} round (the format has no passes)",
            round.name()
        )));
    }
    let seat = |d: Seat| format!(" von {d}");
    let rules = match game.contract() {
        Contract::Sauspiel {
            declarer, called, ..
        } => {
            format!("Rufspiel {}{}", called.name(), seat(declarer))
        }
        Contract::Solo {
            declarer,
            game,
            tout,
        } => {
            let name = match game {
                Solo::Farbsolo(s) => format!("{}-Solo", s.name()),
                Solo::Wenz => "Wenz".to_string(),
                Solo::Geier => "Geier".to_string(),
                Solo::Farbwenz(s) => format!("{}-Wenz", s.name()),
                Solo::Farbgeier(s) => format!("{}-Geier", s.name()),
                other => {
                    return Err(FormatError::NotExpressible(format!(
                        "a {} game",
                        other.name()
                    )))
                }
            };
            let tout = if tout { " Tout" } else { "" };
            format!("{name}{tout}{}", seat(declarer))
        }
        Contract::Bettel {
            declarer,
            ouvert: false,
            trumps: false,
        } => {
            let kind = if game.setup().options().stichzwang {
                "stich"
            } else {
                "normal"
            };
            format!("Bettel {kind}{}", seat(declarer))
        }
        Contract::Ramsch => "Ramsch".to_string(),
        other => {
            return Err(FormatError::NotExpressible(format!(
                "a {} game",
                other.game_name()
            )))
        }
    };
    if !game.is_over() {
        return Err(FormatError::NotExpressible(format!(
            "an unfinished game ({} of {} cards played)",
            game.played_count(),
            4 * game.setup().trick_count()
        )));
    }
    let cards: Vec<String> = game
        .tricks()
        .iter()
        .flat_map(|t| t.cards)
        .map(|c| c.to_string().to_lowercase())
        .collect();
    Ok(format!("{rules}: {}", cards.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_texts_are_read_by_keyword() {
        let c = |t: &str| contract_of(t).map(|(c, _)| ContractSpec::of(&c));
        let spec = c("Rufspiel Blaue von 3").unwrap();
        assert_eq!(
            (spec.game.as_str(), spec.suit.as_deref(), spec.declarer),
            ("sauspiel", Some("G"), Some(3))
        );
        let spec = c("Schelln-Wenz von 2").unwrap();
        assert_eq!(
            (spec.game.as_str(), spec.suit.as_deref()),
            ("farbwenz", Some("S"))
        );
        assert!(c("Herz-Solo Tout von 1").unwrap().tout);
        assert_eq!(c("Ramsch").unwrap().game, "ramsch");
        assert!(contract_of("Bettel stich von 0").unwrap().1);
        assert!(c("Wenz").unwrap_err().contains("declarer"));
        assert!(c("Rufspiel Eichel Gras von 1")
            .unwrap_err()
            .contains("more than one suit"));
        assert!(c("Schieber von 1").unwrap_err().contains("no game"));
        assert!(c("Wenz von 7").unwrap_err().contains("not a seat"));
    }
}
