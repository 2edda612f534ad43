//! What a player assumes beyond the cards and the rules (`--assume`): constraints on the
//! hands as dealt, `seat 2: at least 4 trumps`, `seat 1: no Eichel`, `seat 3 holds EO`
//! (RULES.md section 11). Cards held narrow the arrangements drawn from; counts are checked
//! on every deal drawn and a deal that breaks one is drawn again, so the worlds stay
//! uniform over those that keep every assumption.

use crate::cards::{Cards, Suit};
use crate::error::Error;
use crate::order::{Group, Order};
use crate::pack::Pack;
use crate::seat::{BySeat, Seat};
use std::fmt;

/// One assumption about a seat's hand as dealt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Assumption {
    /// The seat was dealt these cards.
    Holds { seat: Seat, cards: Cards },
    /// The seat was dealt from `least` to `most` cards of `group`.
    Count {
        seat: Seat,
        group: Counted,
        least: u8,
        most: u8,
    },
}

/// What an assumption counts: the contract's trumps, or a suit's cards that are not trumps.
/// (`odds`, which judges several contracts on the same deals, counts under the Sauspiel's
/// order: Obers, Unters and Herz.)
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    Trumps,
    Suit(Suit),
}

impl Assumption {
    /// Reads `seat N holds CARD...`, `seat N: no GROUP`, `seat N: at least K GROUP`,
    /// `seat N: at most K GROUP`, `seat N: exactly K GROUP`, where GROUP is `trumps` or a
    /// suit (German or French name, or its letter in `pack`), any case; cards in `pack`.
    pub fn parse(text: &str, pack: Pack) -> Result<Assumption, Error> {
        let fault = |why: &str| {
            Error::BadAssumption(format!(
                "'{text}': {why} (as in 'seat 2: at least 4 trumps', 'seat 1: no Eichel', \
                 'seat 3 holds EO')"
            ))
        };
        let lower = text.trim().to_lowercase();
        let rest = lower
            .strip_prefix("seat")
            .ok_or_else(|| fault("an assumption starts with the seat"))?
            .trim_start();
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let seat = digits
            .parse::<u8>()
            .ok()
            .and_then(Seat::new)
            .ok_or_else(|| fault("the seat is a number from 0 to 3"))?;
        let rest = rest[digits.len()..].trim_start();
        if let Some(cards) = rest.strip_prefix("holds") {
            let mut held = Cards::EMPTY;
            for word in cards.split_whitespace() {
                let card = pack
                    .read_card(word)
                    .ok_or_else(|| fault(&format!("'{word}' is not a card")))?;
                held.insert(card);
            }
            if held.is_empty() {
                return Err(fault("'holds' names the cards held"));
            }
            return Ok(Assumption::Holds { seat, cards: held });
        }
        let rest = rest
            .strip_prefix(':')
            .ok_or_else(|| fault("after the seat comes 'holds' or a colon"))?
            .trim();
        let (least, most, group) = if let Some(g) = rest.strip_prefix("no ") {
            (0, 0, g)
        } else {
            let (bound, after) = [("at least ", 0), ("at most ", 1), ("exactly ", 2)]
                .into_iter()
                .find_map(|(w, k)| rest.strip_prefix(w).map(|r| (k, r)))
                .ok_or_else(|| fault("a count is 'no', 'at least', 'at most' or 'exactly'"))?;
            let (number, group) = after
                .trim_start()
                .split_once(' ')
                .ok_or_else(|| fault("a count names what it counts"))?;
            let n: u8 = number
                .parse()
                .map_err(|_| fault(&format!("'{number}' is not a count")))?;
            match bound {
                0 => (n, u8::MAX, group),
                1 => (0, n, group),
                _ => (n, n, group),
            }
        };
        let group = match group.trim() {
            "trump" | "trumps" => Counted::Trumps,
            name => Counted::Suit(
                suit_named(name, pack)
                    .ok_or_else(|| fault(&format!("'{name}' is neither 'trumps' nor a suit")))?,
            ),
        };
        Ok(Assumption::Count {
            seat,
            group,
            least,
            most,
        })
    }

    /// The seat whose hand it is about.
    pub fn seat(&self) -> Seat {
        match *self {
            Assumption::Holds { seat, .. } | Assumption::Count { seat, .. } => seat,
        }
    }

    /// Cards the assumption puts in a seat's hand as dealt.
    pub(crate) fn held(&self) -> Option<(Seat, Cards)> {
        match *self {
            Assumption::Holds { seat, cards } => Some((seat, cards)),
            Assumption::Count { .. } => None,
        }
    }

    /// Whether `dealt` (the four hands as dealt) keeps the assumption, trumps and suits
    /// read in `order`.
    pub(crate) fn kept(&self, dealt: &BySeat<Cards>, order: &Order) -> bool {
        match *self {
            Assumption::Holds { seat, cards } => cards.is_subset(dealt[seat]),
            Assumption::Count {
                seat,
                group,
                least,
                most,
            } => {
                let n = dealt[seat]
                    .intersect(order.group_cards(group.group()))
                    .len() as u8;
                (least..=most).contains(&n)
            }
        }
    }
}

impl Counted {
    /// The group of a card order it counts.
    fn group(self) -> Group {
        match self {
            Counted::Trumps => Group::Trump,
            Counted::Suit(s) => Group::Plain(s),
        }
    }

    /// Its name in an assumption: `trumps`, or the suit's German name.
    fn name(self) -> &'static str {
        match self {
            Counted::Trumps => "trumps",
            Counted::Suit(s) => s.name(),
        }
    }
}

/// A suit by its German or French name, or its letter in `pack`.
fn suit_named(name: &str, pack: Pack) -> Option<Suit> {
    let suit = match name {
        "eichel" | "acorns" | "clubs" | "kreuz" => Suit::Eichel,
        "gras" | "laub" | "leaves" | "spades" | "pik" => Suit::Gras,
        "herz" | "hearts" => Suit::Herz,
        "schellen" | "bells" | "diamonds" | "karo" => Suit::Schellen,
        letter => match pack.read_suit(letter) {
            Some((suit, "")) => suit,
            _ => return None,
        },
    };
    Some(suit)
}

impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Assumption::Holds { seat, cards } => write!(f, "seat {seat} holds {cards}"),
            Assumption::Count {
                seat,
                group,
                least,
                most,
            } => {
                let group = group.name();
                match (least, most) {
                    (0, 0) => write!(f, "seat {seat}: no {group}"),
                    (n, u8::MAX) => write!(f, "seat {seat}: at least {n} {group}"),
                    (0, n) => write!(f, "seat {seat}: at most {n} {group}"),
                    (n, m) if n == m => write!(f, "seat {seat}: exactly {n} {group}"),
                    (n, m) => write!(f, "seat {seat}: {n} to {m} {group}"),
                }
            }
        }
    }
}

/// The assumptions of one question, at most [`Assumptions::MAX`] (a few suffice to say
/// anything about four hands), kept by value so a sampling stays a plain value.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Assumptions(pub(crate) [Option<Assumption>; Assumptions::MAX]);

impl Assumptions {
    pub const MAX: usize = 16;

    pub fn new(list: &[Assumption]) -> Result<Assumptions, Error> {
        if list.len() > Assumptions::MAX {
            return Err(Error::BadAssumption(format!(
                "{} assumptions: at most {} are taken",
                list.len(),
                Assumptions::MAX
            )));
        }
        let mut all = [None; Assumptions::MAX];
        for (slot, &a) in all.iter_mut().zip(list) {
            *slot = Some(a);
        }
        Ok(Assumptions(all))
    }

    pub fn list(&self) -> Vec<Assumption> {
        self.0.iter().flatten().copied().collect()
    }

    pub fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }
}

impl fmt::Display for Assumptions {
    /// The assumptions joined by `; `, as the service reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.list().iter().map(|a| a.to_string()).collect();
        f.write_str(&texts.join("; "))
    }
}

/// Whether `dealt` keeps every one of `assumptions`.
pub(crate) fn all_kept(assumptions: &[Assumption], dealt: &BySeat<Cards>, order: &Order) -> bool {
    assumptions.iter().all(|a| a.kept(dealt, order))
}

/// A card named by an assumption of `seat` that `seat` cannot hold (another's known card).
pub(crate) fn check_held(
    assumptions: &[Assumption],
    allowed: &mut BySeat<Cards>,
    known: &BySeat<Cards>,
    played: &BySeat<Cards>,
) -> Result<(), Error> {
    for (seat, cards) in assumptions.iter().filter_map(Assumption::held) {
        for card in cards {
            let dealt_him = known[seat].contains(card) || played[seat].contains(card);
            if dealt_him {
                continue;
            }
            let elsewhere: Option<Seat> = Seat::ALL
                .into_iter()
                .find(|&s| s != seat && (known[s].contains(card) || played[s].contains(card)));
            if let Some(other) = elsewhere {
                return Err(Error::BadAssumption(format!(
                    "seat {seat} holds {card}: but {card} is seat {other}'s"
                )));
            }
            if !allowed[seat].contains(card) {
                return Err(Error::BadAssumption(format!(
                    "seat {seat} holds {card}: seat {seat} cannot hold it (his hand is seen, \
                     or the play rules it out)"
                )));
            }
            for s in Seat::ALL.into_iter().filter(|&s| s != seat) {
                allowed[s].remove(card);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Assumption, Error> {
        Assumption::parse(text, Pack::German)
    }

    #[test]
    fn assumptions_read_as_written() {
        for text in [
            "seat 2: at least 4 trumps",
            "seat 1: no Eichel",
            "seat 3 holds EO",
            "seat 0: at most 2 Herz",
            "seat 1: exactly 3 Gras",
        ] {
            assert_eq!(read(text).unwrap().to_string(), text);
        }
        assert_eq!(
            read("Seat 1: NO e").unwrap(),
            read("seat 1: no eichel").unwrap()
        );
        assert_eq!(
            Assumption::parse("seat 3 holds CQ", Pack::French).unwrap(),
            read("seat 3 holds EO").unwrap()
        );
    }

    #[test]
    fn a_bad_assumption_is_named() {
        for (text, why) in [
            ("player 2: no Eichel", "starts with the seat"),
            ("seat 5: no Eichel", "number from 0 to 3"),
            ("seat 2 no Eichel", "'holds' or a colon"),
            ("seat 2: few trumps", "'no', 'at least'"),
            ("seat 2: at least four trumps", "'four' is not a count"),
            ("seat 2: at least 4 Obers", "'obers' is neither"),
            ("seat 3 holds E1", "'e1' is not a card"),
            ("seat 3 holds", "names the cards"),
        ] {
            let e = read(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
