//! `schafkopf auction-model`: the model of declaring fitted to a club's logs.

use crate::output;
use crate::sources::with_path;
use solver::auction::AuctionModel;
use solver::formats::{self, LogFormat};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Reads every game of `files` (in `from`'s format), fits the model to the auctions they
/// tell of and writes it as JSON. Records that do not read are counted on stderr, not
/// fitted; none read at all is a fault.
pub fn run_auction_model(
    files: &[PathBuf],
    from: LogFormat,
    out: &Option<PathBuf>,
) -> io::Result<ExitCode> {
    if let Some(path) = out {
        let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
        output::refuse_input_as_output(path, &inputs)?;
    }
    let (mut setups, mut skipped) = (Vec::new(), 0usize);
    for file in files {
        let bytes = read_all(file).map_err(|e| with_path(e, file))?;
        let name = file
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        for (_, record) in formats::read(&formats::decode(&bytes), from, &name) {
            match record.ok().and_then(|r| r.game().ok()) {
                Some(game) => setups.push(game.setup().clone()),
                None => skipped += 1,
            }
        }
    }
    if setups.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "no game of the logs reads: nothing to fit the model to",
        ));
    }
    let fitted_on = format!("{} games of {} logs", setups.len(), files.len());
    let model = AuctionModel::fit(&setups, &fitted_on);
    let mut w = output::open(out.as_ref())?;
    writeln!(w, "{}", model.to_json())?;
    w.flush()?;
    eprintln!(
        "schafkopf: fitted to {} seats of {} games ({skipped} records skipped)",
        model.rows,
        setups.len()
    );
    Ok(ExitCode::SUCCESS)
}

fn read_all(file: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match file.to_str() {
        Some("-") => io::stdin().lock().read_to_end(&mut bytes)?,
        _ => std::fs::File::open(file)?.read_to_end(&mut bytes)?,
    };
    Ok(bytes)
}
