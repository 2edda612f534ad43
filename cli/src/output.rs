//! Where results go: standard output (no `-o`, or `-o -`) or a file, written in whole lines.
//!
//! A line is never split between two writes: results are buffered until a flush, which
//! the line writer calls only after whole lines, and each flush is one `write_all`. So a
//! run killed at any moment leaves whole lines, and at most the last one torn where the
//! system itself split a write (which `batch --resume` repairs).

use crate::sources::with_path;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Whether `path` means standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Refuses an output file that is one of the inputs, before anything is opened: writing
/// it would destroy the input.
pub fn refuse_input_as_output(output: &Path, inputs: &[&Path]) -> io::Result<()> {
    if is_stdout(output) {
        return Ok(());
    }
    let Ok(out) = output.canonicalize() else {
        // The output does not exist yet: it cannot be an input.
        return Ok(());
    };
    for input in inputs.iter().filter(|p| p.as_os_str() != "-") {
        if input.canonicalize().is_ok_and(|i| i == out) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: is also an input; write the results to another file",
                    output.display()
                ),
            ));
        }
    }
    Ok(())
}

/// A writer that hands only whole lines to the system, each flush in one write.
pub struct WholeLines<W: Write> {
    inner: W,
    buf: Vec<u8>,
}

impl<W: Write> WholeLines<W> {
    pub fn new(inner: W) -> WholeLines<W> {
        WholeLines {
            inner,
            buf: Vec::with_capacity(64 << 10),
        }
    }
}

impl<W: Write> Write for WholeLines<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            self.inner.write_all(&self.buf)?;
            self.buf.clear();
        }
        self.inner.flush()
    }
}

/// Opens the output: standard output for none or `-`, else the file (created or
/// truncated), naming it in any error.
pub fn open(path: Option<&PathBuf>) -> io::Result<Box<dyn Write>> {
    match path {
        None => Ok(Box::new(WholeLines::new(io::stdout().lock()))),
        Some(p) if is_stdout(p) => Ok(Box::new(WholeLines::new(io::stdout().lock()))),
        Some(p) => {
            let file = File::create(p).map_err(|e| with_path(e, p))?;
            Ok(Box::new(WholeLines::new(file)))
        }
    }
}
