//! Logs of other programs (INTERFACE.md section 5): read into hand records, and written back.
//!
//! - [`netschafkopf`]: the game protocols the NetSchafkopf program writes (read only);
//! - [`plain`]: openschafkopf's one-line plain format (read and write).
//!
//! Like the rest of the library these work on text, not files: the caller reads the bytes
//! ([`decode`] turns a protocol's Latin-1 or UTF-8 bytes into text) and names the file in
//! its messages. Every error carries the line it was found on.

mod error;
pub mod netschafkopf;
pub mod plain;

pub use error::FormatError;

use std::borrow::Cow;

/// The formats a log of games comes in: hand records, or another program's log read into
/// records on the way in. The one table of their names, for the command line's `--from` and
/// the service's `?from=`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum LogFormat {
    /// Hand records, one JSON object per line (INTERFACE.md section 1).
    #[default]
    Records,
    /// NetSchafkopf game protocols ([`netschafkopf`]), Latin-1 or UTF-8 text.
    Netschafkopf,
    /// openschafkopf's plain lines ([`plain`]): `Rufspiel Eichel von 3: so h7 ...`.
    Openschafkopf,
}

impl LogFormat {
    pub const ALL: [LogFormat; 3] = [
        LogFormat::Records,
        LogFormat::Netschafkopf,
        LogFormat::Openschafkopf,
    ];

    /// The format's name: `records`, `netschafkopf`, `openschafkopf`.
    pub const fn name(self) -> &'static str {
        match self {
            LogFormat::Records => "records",
            LogFormat::Netschafkopf => "netschafkopf",
            LogFormat::Openschafkopf => "openschafkopf",
        }
    }

    /// One line saying what the format is, for help texts.
    pub const fn description(self) -> &'static str {
        match self {
            LogFormat::Records => "Hand records, one JSON object per line (INTERFACE.md section 1)",
            LogFormat::Netschafkopf => "NetSchafkopf game protocols (Latin-1 or UTF-8 text)",
            LogFormat::Openschafkopf => {
                "openschafkopf's plain lines (`Rufspiel Eichel von 3: so h7 ...`)"
            }
        }
    }
}

impl std::fmt::Display for LogFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A format's name, exactly as [`LogFormat::name`] writes it.
impl std::str::FromStr for LogFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<LogFormat, String> {
        LogFormat::ALL
            .into_iter()
            .find(|f| f.name() == text)
            .ok_or_else(|| {
                let names: Vec<&str> = LogFormat::ALL.iter().map(|f| f.name()).collect();
                format!("'{text}' is none of {}", names.join(", "))
            })
    }
}

/// One game read from a foreign log: the line it starts on, and its record or fault.
pub type Read = (usize, Result<crate::record::Record, FormatError>);

/// Reads every game of a log into records, in order. `name` (the file's stem, for instance)
/// makes the ids of foreign games: `<name>#<game number>` for protocols, `<name>:<line>` for
/// plain lines. Hand records keep their own; a blank line is no game.
pub fn read(text: &str, format: LogFormat, name: &str) -> Vec<Read> {
    // Foreign logs write the German pack, which `FromStr` reads, and so do the records
    // made of them.
    match format {
        LogFormat::Records => text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| {
                let record = crate::record::Record::from_json(l).map_err(FormatError::Invalid);
                (i + 1, record)
            })
            .collect(),
        LogFormat::Netschafkopf => netschafkopf::parse(text, name)
            .into_iter()
            .map(|g| match g {
                Ok(g) => (g.line, Ok(g.record)),
                Err(e) => (e.line().unwrap_or(0), Err(e)),
            })
            .collect(),
        LogFormat::Openschafkopf => plain::parse(text)
            .into_iter()
            .map(|g| match g {
                Ok(mut g) => {
                    g.record.id = Some(format!("{name}:{}", g.line));
                    (g.line, Ok(g.record))
                }
                Err(e) => (e.line().unwrap_or(0), Err(e)),
            })
            .collect(),
    }
}

/// A log's bytes as text: UTF-8 when they are valid UTF-8, else Latin-1 (the encoding
/// NetSchafkopf writes; some protocols were re-saved as UTF-8).
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        // Latin-1 maps each byte to the code point of the same number.
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_takes_utf8_as_is_and_latin1_byte_by_byte() {
        assert_eq!(decode("Grün".as_bytes()), "Grün");
        assert_eq!(decode(b"Gr\xfcn"), "Grün");
    }
}

#[cfg(test)]
mod log_formats {
    use super::*;

    #[test]
    fn log_formats_read_their_own_names_only() {
        for format in LogFormat::ALL {
            assert_eq!(format.name().parse::<LogFormat>(), Ok(format));
        }
        assert!("json".parse::<LogFormat>().unwrap_err().contains("records"));
    }

    #[test]
    fn a_log_of_records_reads_each_line_as_a_record() {
        let text = "{\"hands\": []}\n\n{not json\n";
        let read = read(text, LogFormat::Records, "log");
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].0, 1);
        assert_eq!(read[1].0, 3);
        assert!(read[1].1.is_err());
    }
}
