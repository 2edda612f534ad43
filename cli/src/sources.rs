//! Where records come from: hand logs (JSON lines), or other programs' logs converted on
//! the way in (`--from netschafkopf`, `--from openschafkopf`).
//!
//! Either way the commands see a stream of items, each a record's JSON text or the fault
//! that kept a game from becoming one, with the line of the input it stands on.

use solver::formats;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use solver::formats::LogFormat;
use solver::Pack;

/// How inputs are read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The longest input line read, in bytes, without its end (`--max-line`).
    pub max_line: usize,
    /// The pack the faults of converted games name cards in (`--pack`).
    pub pack: Pack,
}

/// The fault of a line over the limit.
fn too_long(number: usize, length: usize, limit: usize) -> Fault {
    Fault {
        code: "line_too_long",
        message: format!(
            "line {number} is {length} bytes long, over the limit of {limit} (--max-line); it \
             was not read"
        ),
    }
}

/// `--from`: the names and help lines of [`LogFormat`], read into one.
pub fn log_format() -> impl clap::builder::TypedValueParser<Value = LogFormat> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = LogFormat::ALL.map(|f| PossibleValue::new(f.name()).help(f.description()));
    // The parser lets through only the possible values, each a format's name.
    PossibleValuesParser::new(values).map(|name| {
        name.parse::<LogFormat>()
            .expect("one of the formats' names")
    })
}

/// One input record, or why there is none.
pub struct Item {
    /// The input line it starts on (from 1).
    pub line: usize,
    pub text: Result<String, Fault>,
}

/// A game that could not be converted: its error code and message.
pub struct Fault {
    pub code: &'static str,
    pub message: String,
}

/// The items of one input, with their number when it is known in advance.
pub struct Source {
    items: Items,
    /// How many items there are (for a progress bar); none for a hand log on stdin.
    pub total: Option<u64>,
}

enum Items {
    Lines {
        reader: Box<dyn BufRead>,
        /// Lines read so far.
        number: usize,
        /// The longest line read (`--max-line`).
        limit: usize,
    },
    Converted(std::vec::IntoIter<Item>),
}

impl Iterator for Source {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<io::Result<Item>> {
        match &mut self.items {
            Items::Lines {
                reader,
                number,
                limit,
            } => loop {
                let limit = *limit;
                let mut bytes = Vec::new();
                let length = match read_bounded(reader.as_mut(), &mut bytes, limit) {
                    Ok(0) => return None,
                    Ok(n) => n,
                    Err(e) => return Some(Err(e)),
                };
                *number += 1;
                let line = trim_line_end(&bytes);
                // A line over the limit was skipped, not kept: its fault stands in its place.
                let length = length - (bytes.len() - line.len());
                if length > limit {
                    return Some(Ok(Item {
                        line: *number,
                        text: Err(too_long(*number, length, limit)),
                    }));
                }
                // Blank lines are not records, but they count for line numbers.
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                // A line that is not UTF-8 gets an error in its place; the run goes on.
                let text = match std::str::from_utf8(line) {
                    Ok(t) => Ok(t.to_string()),
                    Err(e) => Err(Fault {
                        code: "invalid_utf8",
                        message: format!(
                            "line {number} is not UTF-8 (byte {} of the line)",
                            e.valid_up_to() + 1
                        ),
                    }),
                };
                return Some(Ok(Item {
                    line: *number,
                    text,
                }));
            },
            Items::Converted(items) => items.next().map(Ok),
        }
    }
}

/// Reads one line through its `\n` (or to the end of the input), keeping at most `limit`
/// bytes of it and its end in `bytes` and skipping the rest, so a huge line costs no
/// memory. Returns the line's whole length, its end included (0 at the end of the input).
fn read_bounded(reader: &mut dyn BufRead, bytes: &mut Vec<u8>, limit: usize) -> io::Result<usize> {
    let mut length = 0;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(length);
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..=i], true),
            None => (buffer, false),
        };
        // Room for the limit and a `\r\n`, so a line of exactly the limit is whole.
        let room = (limit + 2).saturating_sub(bytes.len()).min(chunk.len());
        bytes.extend_from_slice(&chunk[..room]);
        let n = chunk.len();
        length += n;
        reader.consume(n);
        if done {
            return Ok(length);
        }
    }
}

impl Source {
    /// The same input numbered as a piece of a longer hand log whose line `first` is this
    /// piece's first (the line numbers of its faults then are the whole log's). Another
    /// program's log is numbered by its own lines.
    pub fn starting_at_line(mut self, first: usize) -> Source {
        if let Items::Lines { number, .. } = &mut self.items {
            *number = first.saturating_sub(1);
        }
        self
    }
}

/// A line without its end (`\n` or `\r\n`).
fn trim_line_end(bytes: &[u8]) -> &[u8] {
    let line = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// An I/O error that names the file it happened on.
pub fn with_path(e: io::Error, path: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// Standard input for `None` and `-`.
fn is_stdin(path: Option<&Path>) -> bool {
    path.is_none_or(|p| p.as_os_str() == "-")
}

/// Opens an input. `count` asks for the total of a hand log file in advance (it reads the
/// file twice); converted inputs are read whole, so their total is always known.
pub fn open(
    path: Option<&Path>,
    from: LogFormat,
    count: bool,
    reading: Reading,
) -> io::Result<Source> {
    if let Some(p) = path.filter(|_| !is_stdin(path)) {
        if p.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                format!("{}: is a directory", p.display()),
            ));
        }
    }
    if from == LogFormat::Records {
        let reader: Box<dyn BufRead> = match path {
            Some(p) if !is_stdin(path) => {
                Box::new(BufReader::new(File::open(p).map_err(|e| with_path(e, p))?))
            }
            _ => Box::new(BufReader::new(io::stdin())),
        };
        let total = match path {
            Some(p) if count && !is_stdin(path) => Some(count_lines(p)?),
            _ => None,
        };
        return Ok(Source {
            items: Items::Lines {
                reader,
                number: 0,
                limit: reading.max_line,
            },
            total,
        });
    }
    let mut bytes = Vec::new();
    let name = match path {
        Some(p) if !is_stdin(path) => {
            File::open(p)
                .and_then(|mut f| f.read_to_end(&mut bytes))
                .map_err(|e| with_path(e, p))?;
            p.display().to_string()
        }
        _ => {
            io::stdin().read_to_end(&mut bytes)?;
            "stdin".to_string()
        }
    };
    let items = convert(&formats::decode(&bytes), from, (path, &name), reading);
    Ok(Source {
        total: Some(items.len() as u64),
        items: Items::Converted(items.into_iter()),
    })
}

/// Converts a foreign log (`from` is not [`LogFormat::Records`]); faults name the file and the
/// line. Ids are made from the file's stem (`formats::read`).
fn convert(
    text: &str,
    from: LogFormat,
    (path, name): (Option<&Path>, &str),
    reading: Reading,
) -> Vec<Item> {
    // A line over the limit is refused before any of the log is parsed.
    let long = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.len() > reading.max_line);
    if let Some((i, l)) = long {
        let fault = too_long(i + 1, l.len(), reading.max_line);
        return vec![Item {
            line: i + 1,
            text: Err(Fault {
                code: fault.code,
                message: format!("{name}: {}; the log was not converted", fault.message),
            }),
        }];
    }
    let stem = path
        .filter(|_| !is_stdin(path))
        .and_then(|p| p.file_stem())
        .map_or_else(|| "stdin".to_string(), |s| s.to_string_lossy().to_string());
    formats::read(text, from, &stem)
        .into_iter()
        .map(|(line, game)| Item {
            line,
            text: match game {
                Ok(record) => Ok(record.to_json()),
                Err(e) => Err(Fault {
                    code: e.code(),
                    message: format!("{name}: {}", reading.pack.text(&e)),
                }),
            },
        })
        .collect()
}

/// The number of records in a hand log (its non-blank lines).
pub fn count_lines(path: &Path) -> io::Result<u64> {
    let file = File::open(path).map_err(|e| with_path(e, path))?;
    let mut n = 0u64;
    for line in BufReader::new(file).split(b'\n') {
        let line = line.map_err(|e| with_path(e, path))?;
        n += !line.iter().all(u8::is_ascii_whitespace) as u64;
    }
    Ok(n)
}
