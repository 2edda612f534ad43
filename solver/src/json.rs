//! Reading a record's JSON strictly (INTERFACE.md section 1): a key given twice anywhere is
//! refused, and every shape error names the field where it stands and, for a misspelt
//! name, the nearest valid one. A typo must never change a result silently.

use crate::error::Error;
use crate::spelling::nearest;
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::fmt;

/// Parses `text` as JSON, refusing a key given twice in any object.
pub(crate) fn strict_value(text: &str) -> Result<Value, Error> {
    // Nothing at all is no record cut short: say so, not how to join lines.
    if text.trim().is_empty() {
        return Err(Error::MalformedJson(
            "the text is empty: a record is one line of JSON (INTERFACE.md section 1)".to_string(),
        ));
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize::<_, Strict>(&mut de).map_err(|e| {
        let path = e.path().to_string();
        syntax_or_shape(&path, e.into_inner())
    })?;
    de.end().map_err(|e| syntax_or_shape("", e))?;
    Ok(value.0)
}

/// Refuses any of `names` in `value` that is neither an object nor null (null means
/// absent): serde would read such an object from an array too (`"tariff": [10, 50]`, by
/// field order), a record that means something else than it says.
pub(crate) fn objects_only(value: &Value, names: &[&str]) -> Result<(), Error> {
    for name in names {
        match value.get(name) {
            None | Some(Value::Null | Value::Object(_)) => {}
            Some(_) => {
                return Err(Error::InvalidRecord(format!("{name}: must be an object")));
            }
        }
    }
    Ok(())
}

/// A JSON fault as a malformed text or a record of the wrong shape.
fn syntax_or_shape(path: &str, e: serde_json::Error) -> Error {
    match e.classify() {
        serde_json::error::Category::Data => Error::InvalidRecord(reword(path, &e.to_string())),
        serde_json::error::Category::Eof => Error::MalformedJson(format!(
            "{}: the JSON ends early (a record is one line of JSON; a pretty-printed \
             record spans several lines: join them)",
            position(&e)
        )),
        _ => Error::MalformedJson(position(&e)),
    }
}

/// serde_json's message with its place: only the column where the text is one line (the
/// command line names the line itself: one line number per message).
fn position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let message = text
        .rfind(" at line ")
        .map_or(text.as_str(), |i| &text[..i]);
    if e.line() <= 1 {
        format!("{message} at column {}", e.column())
    } else {
        format!("{message} at line {} column {}", e.line(), e.column())
    }
}

/// Deserializes `T` from a JSON text already checked by [`strict_value`]; a shape error
/// names the field's path and says what was expected and found.
pub(crate) fn typed<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        Error::InvalidRecord(reword(&path, &e.into_inner().to_string()))
    })
}

/// `path: message`, or the message alone at the top level.
fn at(path: &str, message: &str) -> String {
    if path.is_empty() || path == "." {
        message.to_string()
    } else {
        format!("{path}: {message}")
    }
}

/// serde's messages in the record's words: the field's path first, what was expected before
/// what was found, names in quotes, and the nearest valid name for a misspelt one.
fn reword(path: &str, message: &str) -> String {
    // serde_json appends " at line L column C"; one line number per message is the
    // caller's (the command line names the line), and the column helps nobody here.
    let message = match message.rfind(" at line ") {
        Some(i) => &message[..i],
        None => message,
    };
    if let Some(rest) = message.strip_prefix("unknown field `") {
        // The path ends in the unknown field itself: the part before it is where it stands.
        let (name, expected) = split_name(rest);
        let place = path.rsplit_once('.').map(|(p, _)| p);
        let names = backticks(expected);
        let mut out = format!("unknown field '{name}'");
        if let Some(place) = place {
            out += &format!(" in {place}");
        }
        out += &format!("; expected one of {}", names.join(", "));
        if let Some(near) = nearest(name, names.iter().map(String::as_str)) {
            out += &format!("; did you mean {near}?");
        }
        return out;
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        let (name, expected) = split_name(rest);
        let names = backticks(expected);
        let mut out = at(
            path,
            &format!(
                "unknown value '{name}'; expected one of {}",
                names.join(", ")
            ),
        );
        if let Some(near) = nearest(name, names.iter().map(String::as_str)) {
            out += &format!("; did you mean {near}?");
        }
        return out;
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(prefix) {
            if let Some((found, expected)) = rest.split_once(", expected ") {
                return at(path, &format!("expected {expected}, found {found}"));
            }
        }
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        let name = rest.trim_end_matches('`');
        return at(path, &format!("missing field '{name}'"));
    }
    at(path, message)
}

/// Splits "name`, expected ..." (what follows serde's opening backtick) into the name and
/// the rest.
fn split_name(rest: &str) -> (&str, &str) {
    match rest.split_once('`') {
        Some((name, tail)) => (name, tail),
        None => (rest, ""),
    }
}

/// The names between backticks in serde's list of expected names.
fn backticks(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// A JSON value whose objects never hold a key twice.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!("key '{key}' given twice")));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_twice_is_named_with_its_place() {
        let e =
            strict_value(r#"{"rules": {"stichzwang": true, "stichzwang": false}}"#).unwrap_err();
        assert_eq!(e.code(), "invalid_record");
        assert!(
            e.to_string().contains("key 'stichzwang' given twice"),
            "{e}"
        );
        assert!(e.to_string().contains("rules"), "{e}");
    }

    #[test]
    fn serde_messages_are_reworded() {
        assert_eq!(
            reword(
                "contract.declarer",
                "invalid type: string \"0\", expected a seat 0-3"
            ),
            "contract.declarer: expected a seat 0-3, found string \"0\""
        );
        assert_eq!(
            reword(
                "rules.laufende_minimum",
                "unknown field `laufende_minimum`, expected one of `laufende_min`, `stoss_max`"
            ),
            "unknown field 'laufende_minimum' in rules; expected one of laufende_min, \
             stoss_max; did you mean laufende_min?"
        );
    }

    #[test]
    fn a_truncated_record_gets_the_one_line_hint() {
        let e = strict_value("{").unwrap_err();
        assert_eq!(e.code(), "malformed_json");
        assert!(e.to_string().contains("one line"), "{e}");
    }
}
