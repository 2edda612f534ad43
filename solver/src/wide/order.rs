//! Which faces are trumps and how every face ranks in its group, at any table (RULES.md
//! section 15): the same data as the four-seat [`crate::order::Order`], over faces.

use super::faces::{Face, FACES};
use crate::cards::{Card, Rank, Suit};

/// A face's group for following suit: one of the four plain suits, or the trumps.
pub type Group = u8;

/// The trumps' group; the plain suits are `0..4`, by [`Suit`] number.
pub const TRUMP: Group = 4;

/// The trump set and each face's rank in its group, for one game and pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// Per face: a higher number beats a lower one of the same group.
    power: [u8; FACES],
    group: [Group; FACES],
    /// Per group, its faces of the pack from the highest down.
    ranked: [Vec<Face>; 5],
    /// Per group, its faces as a set of face numbers.
    sets: [u64; 5],
    trumps: u64,
}

impl Order {
    /// `top` are the highest trumps in order, then the faces of `trump_suit` in `plain`
    /// order and its Six; every other face ranks in `plain` order within its printed
    /// suit, the Six last. Only the faces in `pack` (a set of face numbers) take part.
    pub fn new(top: &[Card], trump_suit: Option<Suit>, plain: &[Rank], pack: u64) -> Order {
        let in_pack = |f: &Face| pack & 1 << f.index() != 0;
        let top: Vec<Face> = top.iter().map(|&c| Face::of(c)).filter(in_pack).collect();
        let suit_order = |suit: Suit| -> Vec<Face> {
            plain
                .iter()
                .map(|&r| Face::of(Card::new(suit, r)))
                .chain([Face::six(suit)])
                .filter(|f| in_pack(f) && !top.contains(f))
                .collect()
        };
        let mut ranked: [Vec<Face>; 5] = Default::default();
        for suit in Suit::ALL {
            if Some(suit) != trump_suit {
                ranked[suit as usize] = suit_order(suit);
            }
        }
        ranked[TRUMP as usize] = top.clone();
        if let Some(suit) = trump_suit {
            ranked[TRUMP as usize].extend(suit_order(suit));
        }
        let mut power = [0u8; FACES];
        for (g, faces) in ranked.iter().enumerate() {
            for (i, face) in faces.iter().enumerate() {
                power[face.index()] = (faces.len() - i) as u8 + if g == 4 { 64 } else { 0 };
            }
        }
        Order::from_ranked(ranked, power)
    }

    /// The four-seat order of a game of the 32-card pack (or a shorter one), over faces.
    pub fn of(order: &crate::order::Order) -> Order {
        let mut power = [0u8; FACES];
        let mut ranked: [Vec<Face>; 5] = Default::default();
        for card in order.deck() {
            let g = match order.group(card) {
                crate::order::Group::Trump => TRUMP,
                crate::order::Group::Plain(suit) => suit as Group,
            };
            power[Face::of(card).index()] = order.power(card);
            ranked[g as usize].push(Face::of(card));
        }
        for faces in ranked.iter_mut() {
            faces.sort_by_key(|f| std::cmp::Reverse(power[f.index()]));
        }
        Order::from_ranked(ranked, power)
    }

    /// The order of each group's faces from the highest down, and their powers.
    fn from_ranked(ranked: [Vec<Face>; 5], power: [u8; FACES]) -> Order {
        let mut group = [0; FACES];
        let mut sets = [0u64; 5];
        for (g, faces) in ranked.iter().enumerate() {
            for face in faces {
                group[face.index()] = g as Group;
                sets[g] |= 1 << face.index();
            }
        }
        Order {
            power,
            group,
            ranked,
            sets,
            trumps: sets[TRUMP as usize],
        }
    }

    pub fn power(&self, face: Face) -> u8 {
        self.power[face.index()]
    }

    pub fn group(&self, face: Face) -> Group {
        self.group[face.index()]
    }

    pub fn is_trump(&self, face: Face) -> bool {
        self.trumps & 1 << face.index() != 0
    }

    /// The trumps, as a set of face numbers.
    pub fn trumps(&self) -> u64 {
        self.trumps
    }

    /// The faces of `group`, from the highest down.
    pub fn ranked(&self, group: Group) -> &[Face] {
        &self.ranked[group as usize]
    }

    /// The faces of `group`, as a set of face numbers.
    pub fn group_set(&self, group: Group) -> u64 {
        self.sets[group as usize]
    }

    /// Whether `card` beats `best`, the trick's best so far (a card of the led group or a
    /// trump): a trump beats every plain card, a card of the same group a lower one of it;
    /// of two equal faces the first played wins.
    pub fn beats(&self, card: Face, best: Face) -> bool {
        let (g, b) = (self.group(card), self.group(best));
        if g == b {
            self.power(card) > self.power(best)
        } else {
            g == TRUMP
        }
    }

    /// The group's name in messages ("trumps", "Schellen").
    pub fn group_name(group: Group) -> &'static str {
        if group == TRUMP {
            "trumps"
        } else {
            Suit::from_index(group).name()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::PLAIN_GERMAN;
    use crate::wide::table::Letter;

    #[test]
    fn the_sixes_rank_last_and_bells_follow_the_wenzels() {
        let f = Letter::F;
        let order = Order::new(
            f.wenzels().cards(),
            Some(Suit::Schellen),
            &PLAIN_GERMAN,
            f.table().length().faces(),
        );
        let text = |g: Group| -> String {
            let t: Vec<String> = order.ranked(g).iter().map(|x| x.to_string()).collect();
            t.join(" ")
        };
        assert_eq!(text(TRUMP), "EO GO EU GU HU SU SA SK SO SZ S9 S8 S7 S6");
        assert_eq!(text(Suit::Herz as Group), "HA HK HO HZ H9 H8 H7 H6");
        assert_eq!(text(Suit::Eichel as Group), "EA EK EZ E9 E8 E7 E6");
        let (so, ha) = (
            Face::of("SO".parse().unwrap()),
            Face::of("HA".parse().unwrap()),
        );
        assert!(order.beats(so, ha) && !order.beats(ha, so));
        assert!(
            !order.beats(so, so),
            "of two equal faces the first played wins"
        );
    }
}
