//! Questions to the points search, far cheaper than the settlement's own: how few points
//! can "me" hold himself to, and how many can the others force on him? Enough of either
//! decides whether he loses, whatever the others end with:
//! - he is not the loser if he ends below another seat; that seat ends with at least what
//!   it has, and with 120 points out, three seats holding 91 or more means one above 30.
//!   So holding himself to `max(29, most another has - 1)` is enough; where the two
//!   highest pay, to one below the second most of the others;
//! - he is the loser if he ends above every other seat; each ends with at most what is
//!   out less what the other two have, so reaching `(120 - s) / 2 + 1`, `s` the two
//!   smallest tallies of the others, is enough (61 from the start); where the two highest
//!   pay, `(120 - m) / 3 + 1` keeps two others from both reaching him (`m` the least).
//!
//! The points search answers for "me"'s own points, so these are asked where his own
//! tricks count for him (not in a Schieberamsch, where the seat on his right takes for
//! him). Its table keys the cards left, not the tallies, so positions of one deal share
//! its entries whatever was taken before.

use super::{SettlementSearch, State};
use crate::options::RamschForm;

impl SettlementSearch<'_> {
    /// Whether "me" can hold his points to at most `t`, whatever the others play.
    pub(super) fn holds_to(&mut self, s: &State, t: u32) -> bool {
        if t >= 120 {
            return true;
        }
        // The points search's value is his points when he keeps them low and the others
        // push them up.
        let above = t as u8 + 1;
        self.points.probe(&s.pos, above) < above
    }

    /// Whether the others can force at least `t` points on "me", whatever he plays.
    pub(super) fn forced_to(&mut self, s: &State, t: u32) -> bool {
        if t == 0 {
            return true;
        }
        if t > 120 {
            return false;
        }
        self.points.probe(&s.pos, t as u8) >= t as u8
    }

    /// The points "me" escapes with for sure if he holds himself to them, if any.
    pub(super) fn escaping_points(&self, s: &State) -> Option<u32> {
        let others = self.others_points(s);
        match self.cx.options.ramsch_form {
            RamschForm::TwoHighestPay => others[1].checked_sub(1),
            _ => Some(29.max(others[2].saturating_sub(1))),
        }
    }

    /// The points "me" escapes with for sure if he holds himself to them while another
    /// seat ends without a trick (then the two left share the rest of the 120), if any: not
    /// where the two highest pay.
    pub(super) fn escaping_beside_a_virgin(&self, s: &State) -> Option<u32> {
        let others = self.others_points(s);
        match self.cx.options.ramsch_form {
            RamschForm::TwoHighestPay => None,
            _ => Some(39.max(others[2].saturating_sub(1))),
        }
    }

    /// The points at which "me" surely loses (is one of those who pay).
    pub(super) fn losing_points(&self, s: &State) -> u32 {
        let others = self.others_points(s);
        match self.cx.options.ramsch_form {
            RamschForm::TwoHighestPay => (120 - others[0]) / 3 + 1,
            _ => (120 - others[0] - others[1]) / 2 + 1,
        }
    }

    /// The other seats' points so far, fewest first.
    fn others_points(&self, s: &State) -> [u32; 3] {
        let me = self.cx.me.index();
        let mut others = [0u32; 3];
        for (k, i) in (0..4).filter(|&i| i != me).enumerate() {
            others[k] = s.points[i] as u32;
        }
        others.sort_unstable();
        others
    }

    /// Whether "me" can make sure he does not lose (be one of those who pay).
    pub(super) fn escapes_for_sure(&mut self, s: &State) -> bool {
        match self.escaping_points(s) {
            Some(t) => self.holds_to(s, t),
            None => false,
        }
    }
}
