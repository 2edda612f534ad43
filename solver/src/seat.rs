//! Seats and per-seat arrays.
//!
//! Seats are numbered 0..3 clockwise; seat 0 is forehand and leads the first trick, seat 3
//! deals.

use crate::cards::{Card, Cards};
use std::fmt;
use std::ops::{Index, IndexMut};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Seat {
    S0 = 0,
    S1 = 1,
    S2 = 2,
    S3 = 3,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::S0, Seat::S1, Seat::S2, Seat::S3];

    /// The seat with this number, if it is below 4.
    pub const fn new(i: u8) -> Option<Seat> {
        match i {
            0 => Some(Seat::S0),
            1 => Some(Seat::S1),
            2 => Some(Seat::S2),
            3 => Some(Seat::S3),
            _ => None,
        }
    }

    /// The seat `i mod 4`.
    pub const fn wrapping(i: u8) -> Seat {
        match i & 3 {
            0 => Seat::S0,
            1 => Seat::S1,
            2 => Seat::S2,
            _ => Seat::S3,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The next seat clockwise.
    pub const fn next(self) -> Seat {
        Seat::wrapping(self as u8 + 1)
    }

    /// The seat `n` places clockwise.
    pub const fn plus(self, n: u8) -> Seat {
        Seat::wrapping(self as u8 + n)
    }
}

/// A seat goes on the wire as its number.
impl serde::Serialize for Seat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(*self as u8)
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Seat {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
            .maximum(Some(3))
            .description(Some("A seat: 0 (forehand, leads first) to 3 (dealer)."))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Seat {}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", *self as u8)
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }
}

impl BySeat<Cards> {
    /// The seat whose cards hold `card`, if any.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| self[*s].contains(card))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat as usize]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat as usize]
    }
}

/// A set of seats as four bits: a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Seats(pub u8);

impl Seats {
    pub const NONE: Seats = Seats(0);
    pub const fn one(seat: Seat) -> Seats {
        Seats(1 << seat as u8)
    }
    pub const fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | 1 << seat as u8)
    }
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }
    /// The seats not in this set.
    pub const fn others(self) -> Seats {
        Seats(!self.0 & 0xf)
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_clockwise_and_wrap() {
        assert_eq!(Seat::S3.next(), Seat::S0);
        assert_eq!(Seat::S1.plus(2), Seat::S3);
        assert_eq!(Seat::new(4), None);
        let side = Seats::one(Seat::S0).with(Seat::S2);
        assert_eq!(
            side.others().iter().collect::<Vec<_>>(),
            [Seat::S1, Seat::S3]
        );
    }
}
