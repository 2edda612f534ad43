//! The hand record of INTERFACE.md section 1: the raw JSON shape ([`Record`]), its
//! validation into a [`Setup`] and [`Game`], and the way back.
//!
//! Nothing is repaired: every fault is reported by name ([`Error`]).

use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::contract::{CalledRank, Contract, GameName, Partners, Solo, Variant, Wenzels};
use crate::error::Error;
use crate::game::{check_hand_sizes, check_table, deal_card, Call, Deal, Game, Setup};
use crate::options::{Doublings, GermanTrump, Options, Tariff};
use crate::pack::Pack;
use crate::round::{Pass, Round};
use crate::seat::{BySeat, Seat};
use crate::settle::Score;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Card text as given: a string of space-separated cards or an array of card strings.
/// Kept as tokens so that a bad token can be named in the error.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(value_type = String, example = "HO GU SU HA H9 H8 GK G8"))]
pub struct CardText(pub Vec<String>);

impl CardText {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The cards in the German letters.
    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> CardText {
        CardText::in_pack(cards, Pack::German)
    }

    /// The cards written in `pack`.
    pub fn in_pack(cards: impl IntoIterator<Item = Card>, pack: Pack) -> CardText {
        CardText(cards.into_iter().map(|c| c.text(pack)).collect())
    }

    /// Parses every token as a card of `pack`; `place` names where the text stands, for
    /// the error.
    pub fn cards(&self, pack: Pack, place: &str) -> Result<Vec<Card>, Error> {
        self.0
            .iter()
            .map(|t| {
                pack.read_card(t).ok_or_else(|| Error::BadCard {
                    place: place.to_string(),
                    text: t.clone(),
                })
            })
            .collect()
    }
}

impl Serialize for CardText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.join(" "))
    }
}

impl<'de> Deserialize<'de> for CardText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardText, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            List(Vec<String>),
        }
        match Raw::deserialize(d) {
            Ok(Raw::Text(s)) => Ok(CardText(s.split_whitespace().map(str::to_string).collect())),
            Ok(Raw::List(v)) => Ok(CardText(
                v.iter()
                    .flat_map(|s| s.split_whitespace().map(str::to_string))
                    .collect(),
            )),
            Err(_) => Err(serde::de::Error::custom(
                "cards must be a string like \"EO GA S7\" or an array of card strings",
            )),
        }
    }
}

/// The `contract` object of a record, as given: the contract played.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ContractSpec {
    #[cfg_attr(feature = "openapi", schema(value_type = GameName))]
    /// `sauspiel`, `solo`, `wenz`, `geier`, `farbwenz`, `farbgeier`, `bettel`,
    /// `bettel_ouvert`, `ramsch`, `sie`, `hochzeit`, `german` (read in any case and as
    /// players say them: `Rufspiel`, `Farbsolo`).
    pub game: String,
    /// E, G, H or S: the called ace (Sauspiel) or the trump suit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<String>,
    #[serde(
        default,
        deserialize_with = "seat_number",
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 3))]
    /// The declarer's seat (absent in Ramsch).
    pub declarer: Option<i64>,
    /// Hochzeit: the partner's seat (the seat who took the Hochzeiter's trump). Sauspiel:
    /// if given, the holder of the called ace.
    #[serde(
        default,
        deserialize_with = "seat_number",
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 3))]
    pub partner: Option<i64>,
    /// Hochzeit: the non-trump card the partner gave back for the Hochzeiter's trump
    /// (`hands` are as dealt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<String>,
    /// A solo-class game played as Tout.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tout: bool,
    /// German Schafkopf: 0 (Blattla), 4, 6 or 8 Wenzels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wenzels: Option<u64>,
    /// German Schafkopf: a forced game (nobody counted 5 trumps, so the holder of EU must
    /// play). Bavarian: the Muss game (everyone passed at a table with `rules.all_pass:
    /// muss`, so the holder of EO must declare).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    /// German Schafkopf: the declarer plays alone against the other three.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub solo: bool,
    /// Sauspiel, Renonce in a Muss game: `ten` or `king`, the card called instead of the
    /// ace (RULES.md section 7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^(ten|king)$"))]
    pub rank: Option<String>,
}

impl ContractSpec {
    /// The record form of a contract.
    pub fn of(c: &Contract) -> ContractSpec {
        let (partner, returned, wenzels, forced, solo) = match *c {
            Contract::Hochzeit {
                partner, returned, ..
            } => (
                Some(partner.index() as i64),
                Some(returned.to_string()),
                None,
                false,
                false,
            ),
            Contract::German {
                wenzels,
                forced,
                partners,
                ..
            } => (
                None,
                None,
                Some(wenzels.count() as u64),
                forced,
                partners == Partners::Solo,
            ),
            _ => (None, None, None, false, false),
        };
        ContractSpec {
            game: c.game_name().to_string(),
            suit: c.suit().map(|s| s.to_string()),
            declarer: c.declarer().map(|d| d.index() as i64),
            partner,
            returned,
            tout: c.is_tout(),
            wenzels,
            forced,
            solo,
            rank: match *c {
                Contract::Sauspiel { rank, .. } if rank != CalledRank::Ace => {
                    Some(rank.name().to_string())
                }
                _ => None,
            },
        }
    }
}

/// One pass of a `round`, as given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PassSpec {
    /// The giving seat; absent for the cards set aside before the deal.
    #[serde(
        default,
        deserialize_with = "seat_number",
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 3))]
    pub from: Option<i64>,
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 3))]
    pub to: i64,
    pub cards: CardText,
}

impl PassSpec {
    pub fn of(pass: &Pass) -> PassSpec {
        PassSpec {
            from: pass.from.map(|s| s.index() as i64),
            to: pass.to.index() as i64,
            cards: CardText::from_cards(pass.cards),
        }
    }
}

/// The user's own data (INTERFACE.md section 1): any JSON object, carried along exactly as
/// given and never read.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(value_type = Object))]
pub struct Meta(Box<serde_json::value::RawValue>);

impl Meta {
    /// The object's JSON text, as given.
    pub fn text(&self) -> &str {
        self.0.get()
    }

    /// A meta object from JSON text (which must be an object).
    pub fn from_json(text: &str) -> Result<Meta, Error> {
        match crate::json::strict_value(text)? {
            serde_json::Value::Object(_) => {}
            _ => return Err(Error::InvalidRecord("meta: must be an object".to_string())),
        }
        serde_json::value::RawValue::from_string(text.to_string())
            .map(Meta)
            .map_err(|e| Error::InvalidRecord(format!("meta: {e}")))
    }
}

impl PartialEq for Meta {
    fn eq(&self, other: &Meta) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Meta {}

/// A hand record (INTERFACE.md section 1) as it stands in a `.jsonl` log. Only `hands` and
/// `contract` are required (`contracts` needs only `hands`); an unknown field or a key given
/// twice is refused by name; missing options take the defaults of RULES.md; your own data
/// goes in `meta`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(example = json!({
    "id": "sauspiel-1180324214",
    "hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
              "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
    "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
    "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7",
    "players": ["Sepp", "Resi", "Hans", "Vroni"]
})))]
pub struct Record {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `bavarian` (default) or `german`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^(bavarian|german)$"))]
    pub variant: Option<String>,
    /// How the record writes its cards: `german` (default: `EO GA SZ`), `french` (`CQ SA
    /// D10`) or `symbols` (`♣Q ♠A ♦10`); the contract's `suit` too (French `C S H D`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<Pack>,
    /// `long` (32 cards, default), `short` (24, no 8s and 7s) or `twenty` (20, no 9s
    /// either).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^(long|short|twenty)$"))]
    pub deck: Option<String>,
    /// Seat 0 (forehand, leads first) to seat 3 (dealer): each a string of 8 cards (6 with
    /// the short deck, 5 with twenty) such as `"EO GA S7 ..."` (suit E, G, H, S; rank A, Z, K, O, U, 9, 8,
    /// 7; any case, the ten also `10` or `X`). An array of card strings is accepted too.
    /// Every card of the deck exactly once. Only `odds` reads a record whose other hands
    /// are hidden (`null`).
    #[cfg_attr(feature = "openapi", schema(min_items = 4, max_items = 4, value_type = Vec<Option<String>>))]
    pub hands: Vec<Option<CardText>>,
    /// A special round (RULES.md section 12): `schieber`, `teufelsrunde` or `zupf`, whose
    /// cards change hands before the contract (`hands` are then as dealt, one hand short by
    /// the cards set aside in the first two, and `passes` hand the cards on); `hadsch`,
    /// `strixner`, `allgaeu` or `last`, without passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(schieber|teufelsrunde|zupf|hadsch|strixner|allgaeu|last)$")
    )]
    pub round: Option<String>,
    /// The passes of a `round`, in order: the first hands forehand the cards set aside (no
    /// `from`), each further one `cards` from seat `from` to seat `to`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    #[cfg_attr(feature = "openapi", schema(nullable))]
    pub passes: Vec<PassSpec>,
    /// The first round of the auction as it happened, where known: each seat's call from
    /// forehand (seat 0), `pass`, `play` or (the last seat, after three passes) `ramsch`;
    /// checked against the contract, and read by the players' view (RULES.md sections 7
    /// and 11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction: Option<Vec<Call>>,
    /// Required by everything but `contracts`, which asks which contract to play, and a
    /// hand thrown in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<ContractSpec>,
    /// Nobody played: the hand was thrown in (no contract and no play; a Schieber round's
    /// passes may stop where the table threw in).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub thrown_in: bool,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "CardText::is_empty"
    )]
    /// The cards in order of play from the first lead; may stop anywhere.
    #[cfg_attr(feature = "openapi", schema(nullable))]
    pub play: CardText,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Doublings::is_empty"
    )]
    #[cfg_attr(feature = "openapi", schema(nullable))]
    pub doublings: Doublings,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    #[cfg_attr(feature = "openapi", schema(nullable))]
    pub tariff: Tariff,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    #[cfg_attr(feature = "openapi", schema(nullable))]
    pub rules: Options,
    /// Stock before the game (also accepted as `rules.stock`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<i64>,
    /// Player names by seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
    /// Your own data (any JSON object): carried along and stored untouched, never read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
}

/// The longest `id` a record may have, in characters.
pub const MOST_ID_CHARS: usize = 200;

/// The longest player's name, in characters.
pub const MOST_NAME_CHARS: usize = 64;

/// The longest name a log's games are stored under (their ids are `<name>#<game>` or
/// `<name>:<line>`): room is left for the mark and fifteen digits within [`MOST_ID_CHARS`].
pub const MOST_LOG_NAME_CHARS: usize = MOST_ID_CHARS - 16;

/// Checks an id as a record's `id` is checked ([`Record::check_names`]): at most
/// [`MOST_ID_CHARS`] characters and no control character.
pub fn check_id(id: &str) -> Result<(), Error> {
    check_name("id", id, MOST_ID_CHARS)
}

/// Checks the name a log's games are stored under (`name` of an upload): at most
/// [`MOST_LOG_NAME_CHARS`] characters and no control character, so that every id made of
/// it is one a record may have.
pub fn check_log_name(name: &str) -> Result<(), Error> {
    check_name("name", name, MOST_LOG_NAME_CHARS)
}

/// A name's length and characters, the fault named with its place.
fn check_name(field: &str, text: &str, most: usize) -> Result<(), Error> {
    let length = text.chars().count();
    if length > most {
        return Err(Error::BadName {
            field: field.to_string(),
            fault: format!("is {length} characters long; at most {most} are allowed"),
        });
    }
    if let Some((at, c)) = text.chars().enumerate().find(|(_, c)| c.is_control()) {
        return Err(Error::BadName {
            field: field.to_string(),
            fault: format!(
                "holds a control character (U+{:04X}) at character {}",
                c as u32,
                at + 1
            ),
        });
    }
    Ok(())
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// An optional part given as `null` is the same as one left out.
fn null_as_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// A seat number, 0 to 3 (or null: absent).
fn seat_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    struct SeatVisitor;
    impl serde::de::Visitor<'_> for SeatVisitor {
        type Value = Option<i64>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a seat 0-3")
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Option<i64>, E> {
            match v {
                0..=3 => Ok(Some(v as i64)),
                _ => Err(E::invalid_value(serde::de::Unexpected::Unsigned(v), &self)),
            }
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Option<i64>, E> {
            match u64::try_from(v) {
                Ok(u) => self.visit_u64(u),
                Err(_) => Err(E::invalid_value(serde::de::Unexpected::Signed(v), &self)),
            }
        }
        fn visit_unit<E>(self) -> Result<Option<i64>, E> {
            Ok(None)
        }
        fn visit_none<E>(self) -> Result<Option<i64>, E> {
            Ok(None)
        }
    }
    d.deserialize_any(SeatVisitor)
}

impl Record {
    /// Parses one JSON line strictly (INTERFACE.md section 1): syntax and shape errors are
    /// told apart, a key given twice or an unknown field is refused by name, and a leading
    /// UTF-8 byte order mark is skipped.
    pub fn from_json(text: &str) -> Result<Record, Error> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value = crate::json::strict_value(text)?;
        let Some(fields) = value.as_object() else {
            return Err(Error::InvalidRecord(
                "a record must be a JSON object".to_string(),
            ));
        };
        if fields.contains_key("table") {
            return Err(Error::FourSeatsOnly);
        }
        crate::json::objects_only(
            &value,
            &["doublings", "tariff", "rules", "contract", "meta"],
        )?;
        let record: Record = crate::json::typed(text)?;
        record.check_names()?;
        Ok(record)
    }

    /// Checks the record's free text that becomes names elsewhere (a URL, a database key, a
    /// page): the `id` at most [`MOST_ID_CHARS`] characters, each player's name at most
    /// [`MOST_NAME_CHARS`], and no control character in either (a NUL, a line break).
    /// [`Record::from_json`] checks every record it reads; records made otherwise (the
    /// converters of other formats) are checked where they are kept.
    pub fn check_names(&self) -> Result<(), Error> {
        if let Some(id) = &self.id {
            check_id(id)?;
        }
        for (seat, name) in self.players.iter().flatten().enumerate() {
            check_name(&format!("players[{seat}]"), name, MOST_NAME_CHARS)?;
        }
        Ok(())
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        // Serializing plain data structures to a string cannot fail.
        serde_json::to_string(self).expect("a record always serializes")
    }

    /// Validates the deal alone: variant, deck and hands, options, prices, doublings and
    /// stock (enough to ask which contract to play).
    pub fn deal(&self) -> Result<Deal, Error> {
        let variant = self.variant()?;
        let deck = self.deck()?;
        let passing = self.passing(deck)?;
        if let Some(e) = passing
            .as_ref()
            .and_then(|(round, _, passes)| self.incomplete_round(*round, passes))
        {
            return Err(e);
        }
        let stock = self.stock()?;
        let deal = match passing {
            Some((round, dealt, passes)) => Deal::passed(variant, deck, round, dealt, passes)?,
            None => Deal::new(variant, deck, self.hands(deck)?)?,
        };
        // A Bavarian contract given as `forced` is the Muss game of a table that passed.
        let muss = variant == Variant::Bavarian && self.contract.as_ref().is_some_and(|c| c.forced);
        deal.with_table(
            self.rules.clone(),
            self.tariff.clone(),
            self.doublings.clone(),
            stock,
        )?
        .with_muss(muss)
        .and_then(|d| match self.calls()? {
            Some(calls) => d.with_auction(calls),
            None => Ok(d),
        })
        .map(|d| d.named(self.id.clone(), self.players.clone()))
    }

    /// The auction's four calls, if the record gives them.
    fn calls(&self) -> Result<Option<[Call; 4]>, Error> {
        match &self.auction {
            None => Ok(None),
            Some(calls) => <[Call; 4]>::try_from(calls.as_slice())
                .map(Some)
                .map_err(|_| {
                    Error::Conflict(format!(
                        "auction: {} calls given, but it has four, one a seat from forehand",
                        calls.len()
                    ))
                }),
        }
    }

    pub(crate) fn variant(&self) -> Result<Variant, Error> {
        match self.variant.as_deref() {
            None => Ok(Variant::Bavarian),
            Some(text) => match text.to_lowercase().as_str() {
                "bavarian" => Ok(Variant::Bavarian),
                "german" => Ok(Variant::German),
                _ => Err(unknown("variant", text, &["bavarian", "german"])),
            },
        }
    }

    /// The stock before the game, given once (`stock` or `rules.stock`).
    fn stock(&self) -> Result<i64, Error> {
        Ok(self.given_stock()?.unwrap_or(0))
    }

    /// The stock the record gives, if it gives one (`stock` or `rules.stock`, the same if
    /// both).
    pub(crate) fn given_stock(&self) -> Result<Option<i64>, Error> {
        match (self.stock, self.rules.stock) {
            (Some(a), Some(b)) if a != b => Err(Error::Conflict(format!(
                "stock is {a} but rules.stock is {b}: give it once"
            ))),
            (a, b) => Ok(a.or(b)),
        }
    }

    /// The result of a finished hand as played ([`Score::of`] its game), or of a hand
    /// thrown in: its deal as far as it went is checked (in a Schieber round, the passes
    /// made before the table threw in) and [`Score::thrown_in`] settles it.
    pub fn score(&self) -> Result<Score, Error> {
        if !self.thrown_in {
            return Score::of(&self.game()?);
        }
        if self.contract.is_some() || !self.play.is_empty() {
            return Err(Error::Conflict(
                "thrown_in: a hand thrown in has no contract and no play".to_string(),
            ));
        }
        // Kontra and Re answer a contract: with none played, nobody could give them.
        // (Klopfen comes before anyone bids, and a Bock round counts the hand too.)
        if self.doublings.kontra > 0 || self.doublings.re > 0 {
            return Err(Error::BadDoublings(format!(
                "{} Kontra and {} Re on a hand thrown in: nobody played it, so nobody \
                 could double it",
                self.doublings.kontra, self.doublings.re
            )));
        }
        self.variant()?;
        // A hand thrown in follows four passes.
        if let Some(calls) = self.calls()? {
            if let Some(s) = (0..4).find(|&s| calls[s] != Call::Pass) {
                return Err(Error::Conflict(format!(
                    "auction: seat {s} said '{}', so the hand was played, not thrown in",
                    calls[s].name()
                )));
            }
        }
        if self.rules.bierkopf {
            return Err(Error::Conflict(
                "thrown_in: nobody bids in Bierkopf (rules.bierkopf), so no hand is thrown in"
                    .to_string(),
            ));
        }
        let deck = self.deck()?;
        let round = match self.passing(deck)? {
            Some((round, dealt, passes)) => {
                round.check_thrown_in()?;
                round.pass(deck, &dealt, &passes, false)?;
                Some(round)
            }
            None => {
                self.hands(deck)?;
                None
            }
        };
        check_table(
            deck,
            &self.rules,
            &self.tariff,
            &self.doublings,
            self.stock()?,
        )?;
        Ok(Score::thrown_in(
            self.id.clone(),
            round,
            &self.rules,
            &self.tariff,
            &self.doublings,
        ))
    }

    fn deck(&self) -> Result<Deck, Error> {
        match self.deck.as_deref() {
            None => Ok(Deck::Long),
            Some(text) => {
                let lower = text.to_lowercase();
                Deck::ALL
                    .into_iter()
                    .find(|d| d.name() == lower)
                    .ok_or_else(|| unknown("deck", text, &Deck::ALL.map(Deck::name)))
            }
        }
    }

    /// What `odds` asks of a record (INTERFACE.md section 3,
    /// [`crate::odds::HandQuestion::of_record`]): the seat, `seat` or the one seat whose
    /// hand is shown; a deal holding its hand (the hidden hands filled with the rest of the
    /// pack); the record's contract if it is that seat's, else none (every contract the seat
    /// may announce is asked; a record that hides hands must not name another seat's
    /// contract). The play is not read.
    pub(crate) fn hand_view(
        &self,
        seat: Option<Seat>,
    ) -> Result<(Deal, Seat, Vec<Contract>), Error> {
        if self.hands.len() != 4 {
            return Err(Error::HandCount(self.hands.len()));
        }
        let shown: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| self.hands[s.index()].is_some())
            .collect();
        if shown.len() == 4 {
            // A fault of the cards is the record's, named before the question of whose
            // view to take.
            let mut seen = Cards::EMPTY;
            self.dealt_cards(self.deck()?, &mut seen)?;
        }
        let seat = match (seat, shown.as_slice()) {
            (Some(s), _) if shown.contains(&s) => s,
            (Some(s), _) => {
                return Err(Error::BadView(format!(
                    "odds: the hand of seat {s} is hidden (null): ask for a seat whose hand \
                     the record shows"
                )))
            }
            (None, [one]) => *one,
            (None, _) => {
                return Err(Error::BadView(format!(
                    "odds: the record shows {} hands: say whose view to take (--seat N, or \
                     ?seat=N on the API)",
                    shown.len()
                )))
            }
        };
        let deal = if shown.len() == 4 {
            self.view_deal(seat)?
        } else if self.round.is_some() || !self.passes.is_empty() {
            // The passes are checked against the hands they come from, and a Hadsch's
            // doubling against the game.
            return Err(Error::BadView(format!(
                "odds: a record of a {} shows all four hands (its round is checked against \
                 them); give them and ask with --seat N (?seat=N on the API)",
                self.round.as_deref().unwrap_or("round")
            )));
        } else {
            // Only the seat's hand is read: the hidden hands get the rest of the pack in
            // card order, which makes a complete deal to hold the table.
            let deck = self.deck()?;
            let text = self.hands[seat.index()]
                .as_ref()
                .ok_or(Error::HiddenHand(seat))?;
            let mut seen = Cards::EMPTY;
            for card in text.cards(self.card_pack(), &format!("hand of seat {seat}"))? {
                deal_card(deck, &mut seen, card)?;
            }
            let mut rest = deck.cards().without(seen).into_iter();
            let mut filled = self.clone();
            for other in Seat::ALL.into_iter().filter(|s| *s != seat) {
                let cards: Vec<Card> = rest.by_ref().take(deck.hand_size()).collect();
                filled.hands[other.index()] = Some(CardText::from_cards(cards));
            }
            filled.deal()?
        };
        let contracts = match &self.contract {
            Some(spec) => {
                let c = self.contract(spec, &deal)?;
                // A played record asked for another seat's view: that contract was not
                // this seat's choice, so every contract it may announce is judged.
                if shown.len() == 4 && c.declarer() != Some(seat) {
                    Vec::new()
                } else {
                    vec![c]
                }
            }
            None => Vec::new(),
        };
        Ok((deal, seat, contracts))
    }

    /// The fault of a round thrown in before its passing was done (`passes`, those made):
    /// its hands were never complete.
    fn incomplete_round(&self, round: Round, passes: &[Pass]) -> Option<Error> {
        (self.thrown_in && passes.len() < round.pass_count()).then(|| Error::IncompleteRound {
            round: round.name(),
            made: passes.len(),
            total: round.pass_count(),
            forehand_passed: passes.len() >= round.forehands_pass(),
        })
    }

    /// The deal as `seat` saw it when it chose. A round thrown in part-way has no final
    /// hands, but forehand, the only one who chooses in it, saw none of the passes after
    /// his own: once he has passed, his view is that of the round with the rest of the
    /// passes made any way ([`Round::completed`]).
    fn view_deal(&self, seat: Seat) -> Result<Deal, Error> {
        let deck = self.deck()?;
        let Some((round, dealt, passes)) = self.passing(deck)? else {
            return self.deal();
        };
        let Some(incomplete) = self.incomplete_round(round, &passes) else {
            return self.deal();
        };
        if seat != Seat::S0 || passes.len() < round.forehands_pass() {
            return Err(incomplete);
        }
        let mut completed = self.clone();
        completed.thrown_in = false;
        completed.passes = round
            .completed(deck, &dealt, &passes)?
            .iter()
            .map(PassSpec::of)
            .collect();
        completed.deal()
    }

    /// Validates the whole record as far as it goes, as a store or a copy takes it: a
    /// hand thrown in as it is settled, a record with a contract with every card of its
    /// play, a deal alone as dealt; and its names ([`Record::check_names`]).
    pub fn check(&self) -> Result<(), Error> {
        self.check_names()?;
        if self.thrown_in {
            self.score().map(|_| ())
        } else if self.contract.is_some() {
            self.game().map(|_| ())
        } else {
            self.deal().map(|_| ())
        }
    }

    /// Validates everything but the play.
    pub fn setup(&self) -> Result<Setup, Error> {
        if self.thrown_in {
            return Err(Error::ThrownIn);
        }
        let deal = self.deal()?;
        let spec = self.contract.as_ref().ok_or(Error::NoContract)?;
        let contract = self.contract(spec, &deal)?;
        let setup = Setup::new(deal, contract)?;
        // A Sauspiel's partner, if the record names him, must hold the called ace.
        if let (Contract::Sauspiel { called, .. }, Some(p)) = (contract, spec.partner) {
            let ace = Card::new(called, Rank::Ace);
            let dealt = setup.dealt_hands();
            let holder = dealt.holder(ace);
            if holder.map(|h| h.index() as i64) != Some(p) {
                return Err(bad(
                    "partner (the holder of the called ace is the partner)",
                    &p.to_string(),
                ));
            }
        }
        Ok(setup)
    }

    /// Validates the whole record and plays its cards, each checked.
    pub fn game(&self) -> Result<Game, Error> {
        let game = self.game_so_far()?;
        // A Strixner's contract is named by its third trick: the play must reach it.
        if game.in_opening() {
            let opening = game.setup().opening_tricks() * 4;
            return Err(Error::Conflict(format!(
                "round strixner: the solo is announced by whoever takes the third trick, so \
                 the record's play must reach it ({} of {opening} cards)",
                game.plays().len()
            )));
        }
        Ok(game)
    }

    /// [`Record::game`], but a Strixner's play may stop within its opening tricks, before
    /// the solo is announced (each card still checked; the board steps through them). The
    /// searches ask [`Record::game`]: there are no sides before the solo.
    pub fn game_so_far(&self) -> Result<Game, Error> {
        let setup = self.setup()?;
        let play = self.play.cards(self.card_pack(), "play")?;
        Game::replay(setup, &play)
    }

    /// The same record with its cards written in `pack` (and saying so, unless German):
    /// `schafkopf import` and the service write records in the pack asked for. Every card
    /// text must read in the record's own pack.
    pub fn in_pack(&self, pack: Pack) -> Result<Record, Error> {
        let read = self.card_pack();
        let hands = self
            .hands
            .iter()
            .enumerate()
            .map(|(seat, h)| {
                h.as_ref()
                    .map(|t| t.cards(read, &format!("hand of seat {seat}")))
                    .transpose()
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let play = self.play.cards(read, "play")?;
        let passes = self
            .passes
            .iter()
            .enumerate()
            .map(|(i, p)| p.cards.cards(read, &format!("passes[{i}]")))
            .collect::<Result<Vec<_>, Error>>()?;
        let contract = self.contract.as_ref();
        let suit = contract
            .and_then(|c| c.suit.as_deref())
            .map(|t| read_suit(read, t))
            .transpose()?;
        let returned = contract
            .and_then(|c| c.returned.as_deref())
            .map(|t| returned_cards(read, t))
            .transpose()?;
        let mut out = self.clone();
        out.pack = pack.recorded();
        out.hands = hands
            .into_iter()
            .map(|h| h.map(|h| CardText::in_pack(h, pack)))
            .collect();
        out.play = CardText::in_pack(play, pack);
        for (spec, cards) in out.passes.iter_mut().zip(passes) {
            spec.cards = CardText::in_pack(cards, pack);
        }
        if let Some(c) = out.contract.as_mut() {
            c.suit = suit.map(|s| s.text(pack).to_string());
            c.returned = returned.map(|r| CardText::in_pack(r, pack).0.join(" "));
        }
        Ok(out)
    }

    /// The pack the record's card text is read in: its own.
    fn card_pack(&self) -> Pack {
        self.pack.unwrap_or_default()
    }

    fn hands(&self, deck: Deck) -> Result<BySeat<Cards>, Error> {
        let mut seen = Cards::EMPTY;
        let hands = self.dealt_cards(deck, &mut seen)?;
        check_hand_sizes(deck, &hands, seen)?;
        Ok(hands)
    }

    /// The round, the hands as dealt and the passes of a record of a Schieber round or
    /// Teufelsrunde (each card dealt or set aside once; the passes' shape is
    /// [`Round::pass`]'s to check); `None` for any other hand.
    #[allow(clippy::type_complexity)]
    fn passing(&self, deck: Deck) -> Result<Option<(Round, BySeat<Cards>, Vec<Pass>)>, Error> {
        let round = match self.round.as_deref() {
            None if self.passes.is_empty() => return Ok(None),
            None => {
                return Err(Error::BadPass {
                    index: 0,
                    fault: "only a Schieber round, Teufelsrunde or Zupf-Solo passes cards: give \
                            `round`"
                        .to_string(),
                })
            }
            Some(text) => Round::from_name(text)
                .ok_or_else(|| unknown("round", text, &Round::ALL.map(Round::name)))?,
        };
        let mut seen = Cards::EMPTY;
        let dealt = self.dealt_cards(deck, &mut seen)?;
        let mut passes = Vec::with_capacity(self.passes.len());
        for (i, spec) in self.passes.iter().enumerate() {
            let seat = |n: i64| {
                seat_at(n).map_err(|_| Error::BadPass {
                    index: i,
                    fault: format!("{n} is not a seat (0 to 3)"),
                })
            };
            let from = spec.from.map(seat).transpose()?;
            let to = seat(spec.to)?;
            let mut cards = Cards::EMPTY;
            for card in spec
                .cards
                .cards(self.card_pack(), &format!("passes[{i}]"))?
            {
                deal_card(deck, &mut cards, card)?;
            }
            // The cards set aside are dealt to nobody: each of them once in the pack.
            if from.is_none() {
                for card in cards {
                    deal_card(deck, &mut seen, card)?;
                }
            }
            passes.push(Pass { from, to, cards });
        }
        Ok(Some((round, dealt, passes)))
    }

    /// The hands as written, each card once in the pack (sizes unchecked).
    fn dealt_cards(&self, deck: Deck, seen: &mut Cards) -> Result<BySeat<Cards>, Error> {
        if self.hands.len() != 4 {
            return Err(Error::HandCount(self.hands.len()));
        }
        let mut hands = BySeat([Cards::EMPTY; 4]);
        for seat in Seat::ALL {
            let text = self.hands[seat.index()]
                .as_ref()
                .ok_or(Error::HiddenHand(seat))?;
            let cards = text.cards(self.card_pack(), &format!("hand of seat {seat}"))?;
            // Card by card as written, so that a card twice in one hand is found too.
            for &card in &cards {
                deal_card(deck, seen, card)?;
            }
            hands[seat] = cards.into_iter().collect();
        }
        Ok(hands)
    }

    /// The contract a record's `contract` object names, read from its words and numbers;
    /// whether the declarer may play it on the deal is [`Setup::new`]'s to check (a
    /// Hochzeit is checked as it is read: its given trump follows from the deal).
    fn contract(&self, spec: &ContractSpec, deal: &Deal) -> Result<Contract, Error> {
        let variant = deal.variant();
        let game_name: GameName = spec.game.parse()?;
        if game_name.variant() != variant {
            return Err(Error::UnsupportedContract {
                variant: variant.name(),
                game: game_name.name(),
            });
        }
        spec.check_fields(game_name)?;
        let game = game_name.name();
        let suit = || -> Result<Suit, Error> {
            let text = spec.suit.as_deref().ok_or(Error::MissingField {
                game,
                field: "suit",
            })?;
            read_suit(self.card_pack(), text)
        };
        let seat = |field: &'static str, value: Option<i64>| -> Result<Seat, Error> {
            seat_at(value.ok_or(Error::MissingField { game, field })?)
        };
        let declarer = || seat("declarer", spec.declarer);
        let tout = spec.tout;
        let solo = |game: Solo| -> Result<Contract, Error> {
            Ok(Contract::Solo {
                declarer: declarer()?,
                game,
                tout,
            })
        };
        let contract = match game_name {
            GameName::Sauspiel => Contract::Sauspiel {
                called: suit()?,
                declarer: declarer()?,
                rank: match spec.rank.as_deref() {
                    None => CalledRank::Ace,
                    Some(text) => CalledRank::from_name(text).ok_or_else(|| {
                        unknown(
                            "contract.rank",
                            text,
                            &CalledRank::ALL.map(CalledRank::name),
                        )
                    })?,
                },
            },
            GameName::Solo => solo(Solo::Farbsolo(suit()?))?,
            GameName::Wenz => solo(Solo::Wenz)?,
            GameName::Geier => solo(Solo::Geier)?,
            GameName::Farbwenz => solo(Solo::Farbwenz(suit()?))?,
            GameName::Farbgeier => solo(Solo::Farbgeier(suit()?))?,
            GameName::Koenig => solo(Solo::Koenig)?,
            GameName::Farbkoenig => solo(Solo::Farbkoenig(suit()?))?,
            GameName::Eisenbahner => solo(Solo::Eisenbahner)?,
            GameName::Farbeisenbahner => solo(Solo::Farbeisenbahner(suit()?))?,
            GameName::ObersUnters => solo(Solo::ObersUnters)?,
            GameName::Bettel | GameName::BettelOuvert | GameName::RamschTout => Contract::Bettel {
                declarer: declarer()?,
                ouvert: game_name == GameName::BettelOuvert,
                trumps: game_name == GameName::RamschTout,
            },
            GameName::Ramsch => Contract::Ramsch,
            GameName::SchellenSchafkopf => Contract::SchellenSchafkopf,
            GameName::Kreuzbock => Contract::Kreuzbock {
                declarer: declarer()?,
            },
            GameName::Sie => Contract::Sie {
                declarer: declarer()?,
            },
            GameName::Hochzeit => {
                let declarer = declarer()?;
                let partner = seat("partner", spec.partner)?;
                let text = spec.returned.as_deref().ok_or(Error::MissingField {
                    game,
                    field: "returned",
                })?;
                // One card; two in a Bauernhochzeit.
                let mut returned = Cards::EMPTY;
                for card in returned_cards(self.card_pack(), text)? {
                    if returned.contains(card) {
                        return Err(Error::DuplicateCard(card));
                    }
                    returned.insert(card);
                }
                Contract::hochzeit(deal.hands(), deal.deck(), declarer, partner, returned)?
            }
            GameName::German => {
                let n = spec
                    .wenzels
                    .or(deal.options().german_wenzels.map(u64::from))
                    .unwrap_or(4);
                let wenzels = Wenzels::from_count(n)
                    .ok_or_else(|| bad("number of wenzels (0, 4, 6 or 8)", &n.to_string()))?;
                let rules = deal.options();
                // With Schellen always trumps, the suit may go unsaid.
                let trump = match (&spec.suit, rules.german_trump) {
                    (None, GermanTrump::Schellen) => Suit::Schellen,
                    (None, GermanTrump::Herz) => Suit::Herz,
                    _ => suit()?,
                };
                Contract::German {
                    declarer: declarer()?,
                    trump,
                    wenzels,
                    forced: spec.forced,
                    partners: if spec.solo {
                        Partners::Solo
                    } else {
                        rules.german_partners
                    },
                }
            }
        };
        Ok(contract)
    }

    /// The record of a game: its setup (the hands as dealt) and the cards played so far.
    pub fn from_game(game: &Game) -> Record {
        let setup = game.setup();
        let c = setup.contract();
        let deal = setup.deal();
        let mut spec = ContractSpec::of(&c);
        // A Bavarian Muss game is marked `forced` too.
        spec.forced |= c.variant() == Variant::Bavarian && deal.muss();
        Record {
            id: setup.id().map(str::to_string),
            pack: None,
            variant: Some(c.variant().name().to_string()),
            deck: Some(setup.deck().name().to_string()),
            hands: deal
                .dealt()
                .0
                .iter()
                .map(|h| Some(CardText::from_cards(*h)))
                .collect(),
            round: deal.round().map(|r| r.name().to_string()),
            passes: deal.passes().iter().map(PassSpec::of).collect(),
            auction: deal.auction().map(|calls| calls.to_vec()),
            contract: Some(spec),
            thrown_in: false,
            play: CardText::from_cards(game.plays().into_iter().map(|(_, c)| c)),
            doublings: setup.doublings().clone(),
            tariff: setup.tariff().clone(),
            rules: Options {
                stock: None,
                ..setup.options().clone()
            },
            stock: (setup.stock() != 0).then_some(setup.stock()),
            players: setup.players().map(<[String]>::to_vec),
            meta: None,
        }
    }
}

impl ContractSpec {
    /// Refuses a field the game does not take: a `suit` on a Wenz, a `declarer` in Ramsch.
    fn check_fields(&self, game: GameName) -> Result<(), Error> {
        let given = [
            ("suit", self.suit.is_some(), game.takes_suit()),
            (
                "declarer",
                self.declarer.is_some(),
                !matches!(game, GameName::Ramsch | GameName::SchellenSchafkopf),
            ),
            (
                "partner",
                self.partner.is_some(),
                matches!(game, GameName::Hochzeit | GameName::Sauspiel),
            ),
            (
                "returned",
                self.returned.is_some(),
                game == GameName::Hochzeit,
            ),
            ("tout", self.tout, game.solo_class()),
            ("wenzels", self.wenzels.is_some(), game == GameName::German),
            ("solo", self.solo, game == GameName::German),
            ("rank", self.rank.is_some(), game == GameName::Sauspiel),
            // German: the forced game; Bavarian: the Muss game.
            (
                "forced",
                self.forced,
                !matches!(game, GameName::Ramsch | GameName::SchellenSchafkopf),
            ),
        ];
        match given.iter().find(|(_, present, taken)| *present && !taken) {
            Some((field, _, _)) => Err(Error::FieldNotTaken {
                game: game.name(),
                field,
            }),
            None => Ok(()),
        }
    }
}

/// A contract goes on the wire as the record's `contract` object ([`ContractSpec`]).
impl serde::Serialize for Contract {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&ContractSpec::of(self), s)
    }
}

fn unknown(what: &'static str, text: &str, names: &[&'static str]) -> Error {
    Error::UnknownName {
        what,
        text: text.to_string(),
        suggestion: crate::spelling::nearest(text, names.iter().copied()),
        names: names.join(", "),
    }
}

/// A Hochzeit's `returned` cards, in the order given, written in `pack`.
fn returned_cards(pack: Pack, text: &str) -> Result<Vec<Card>, Error> {
    CardText(text.split_whitespace().map(str::to_string).collect()).cards(pack, "contract.returned")
}

/// A contract's `suit`, one letter of the record's `pack`.
fn read_suit(pack: Pack, text: &str) -> Result<Suit, Error> {
    match pack.read_suit(text.trim()) {
        Some((suit, "")) => Ok(suit),
        _ => Err(unknown("suit", text, &Suit::ALL.map(|s| pack.suit_text(s)))),
    }
}

/// A seat number of the record, 0 to 3.
fn seat_at(v: i64) -> Result<Seat, Error> {
    u8::try_from(v)
        .ok()
        .and_then(Seat::new)
        .ok_or_else(|| bad("seat", &v.to_string()))
}

fn bad(what: &'static str, text: &str) -> Error {
    Error::BadValue {
        what,
        text: text.to_string(),
    }
}
