//! The console examples of `docs/GUIDE.md` and the README, replayed: each `$ ` line of a
//! `console` block runs in bash, in a scratch folder that links the repository's
//! `examples/`, `tests/` and `scale/`, with this build's `schafkopf` first on the PATH; the
//! service's examples (`http://127.0.0.1:8080`) go to a service started here on a free
//! port. What it prints (standard output, then standard error) must be the lines that
//! follow it in the file, up to the next `$ ` or the block's end.
//!
//! After a change of output, `SCHAFKOPF_BLESS_GUIDE=1 cargo test --release -p
//! schafkopf-cli --test all guide::` writes what the commands print into the files; read
//! the diff before committing it.

use crate::common::{repo, Server};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Where the examples say the service is.
const EXAMPLE_ADDRESS: &str = "http://127.0.0.1:8080";

/// The longest an example may run: a generous bound, so that a hung command fails the test
/// instead of holding it.
const LONGEST: Duration = Duration::from_secs(600);

/// One console example: the command, where it stands, and the output printed after it.
struct Example {
    /// Index of the command's line in the file.
    line: usize,
    /// The block's indent (a block inside a list item is indented).
    indent: usize,
    command: String,
    expected: Vec<String>,
}

/// Every `$ ` line of the file's `console` blocks with the lines after it.
fn examples(text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if trimmed != "```console" {
            i += 1;
            continue;
        }
        let indent = lines[i].len() - trimmed.len();
        i += 1;
        while i < lines.len() && lines[i].trim_start() != "```" {
            let body = lines[i].get(indent..).unwrap_or("");
            if let Some(command) = body.strip_prefix("$ ") {
                let mut example = Example {
                    line: i,
                    indent,
                    command: command.to_string(),
                    expected: Vec::new(),
                };
                i += 1;
                while i < lines.len()
                    && lines[i].trim_start() != "```"
                    && !lines[i].get(indent..).unwrap_or("").starts_with("$ ")
                {
                    example
                        .expected
                        .push(lines[i].get(indent..).unwrap_or("").to_string());
                    i += 1;
                }
                found.push(example);
            } else {
                i += 1;
            }
        }
        i += 1;
    }
    found
}

/// A scratch folder with the repository's example data linked in.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("schafkopf-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["examples", "tests", "scale"] {
        std::os::unix::fs::symlink(repo().join(name), dir.join(name)).unwrap();
    }
    dir
}

/// What `command` prints in `dir`: standard output, then standard error, line by line.
fn run(command: &str, dir: &Path) -> Vec<String> {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_schafkopf"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let child = Command::new("bash")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        // A terminal's progress bar never shows: stderr is a pipe.
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let output = match rx.recv_timeout(LONGEST) {
        Ok(output) => output.expect("the command's output"),
        Err(_) => {
            let _ = Command::new("kill").arg(pid.to_string()).status();
            panic!("`{command}` ran past {} s", LONGEST.as_secs());
        }
    };
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    text.lines().map(|l| l.trim_end().to_string()).collect()
}

/// The tools beyond bash that examples call, where this machine lacks them: such examples
/// are skipped (with a note), unless `SCHAFKOPF_REQUIRE_GUIDE_TOOLS` is set (`.ci/run`
/// installs them and sets it).
fn missing_tools(command: &str) -> Vec<&'static str> {
    ["jq", "curl"]
        .into_iter()
        .filter(|tool| {
            command
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == *tool)
        })
        .filter(|tool| {
            !Command::new("bash")
                .args(["-c", &format!("command -v {tool}")])
                .stdout(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
        .collect()
}

/// Replays the examples of `file`; the faults, or with blessing the file rewritten.
fn replay(file: &str, dir: &Path, server: &mut Option<Server>) -> Vec<String> {
    let path = repo().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let bless = std::env::var_os("SCHAFKOPF_BLESS_GUIDE").is_some();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut faults = Vec::new();
    let found = examples(&text);
    let mut outputs = Vec::new();
    let required = std::env::var_os("SCHAFKOPF_REQUIRE_GUIDE_TOOLS").is_some();
    for example in &found {
        let mut command = example.command.clone();
        let missing = missing_tools(&command);
        if !missing.is_empty() {
            assert!(
                !required,
                "`{command}` needs {missing:?}, which this machine lacks"
            );
            eprintln!("guide: skipped `{command}`: no {missing:?} here");
            outputs.push(None);
            continue;
        }
        if command.contains(EXAMPLE_ADDRESS) {
            let service = server.get_or_insert_with(|| {
                Server::start_on(&dir.join("guide.db").display().to_string(), &[])
            });
            command = command.replace(EXAMPLE_ADDRESS, service.url("").trim_end_matches('/'));
        }
        outputs.push(Some(run(&command, dir)));
    }
    // From the last example up, so that a blessed output's length moves nothing unread.
    for (example, got) in found.iter().zip(outputs).rev() {
        let Some(got) = got else {
            continue;
        };
        let expected: Vec<String> = example
            .expected
            .iter()
            .map(|l| l.trim_end().to_string())
            .collect();
        if got == expected {
            continue;
        }
        if bless {
            let pad = " ".repeat(example.indent);
            let start = example.line + 1;
            let end = start + example.expected.len();
            let new: Vec<String> = got
                .iter()
                .map(|l| {
                    if l.is_empty() {
                        String::new()
                    } else {
                        format!("{pad}{l}")
                    }
                })
                .collect();
            lines.splice(start..end, new);
        } else {
            faults.push(format!(
                "{file}:{}: `{}`\n--- expected\n{}\n--- printed\n{}",
                example.line + 1,
                example.command,
                expected.join("\n"),
                got.join("\n")
            ));
        }
    }
    if bless {
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    }
    // In the file's order.
    faults.reverse();
    faults
}

#[test]
fn every_console_example_prints_what_the_docs_say() {
    let dir = scratch();
    let mut server = None;
    let mut faults = Vec::new();
    let mut count = 0;
    for file in ["docs/GUIDE.md", "README.md"] {
        count += examples(&std::fs::read_to_string(repo().join(file)).unwrap()).len();
        faults.extend(replay(file, &dir, &mut server));
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(count >= 30, "only {count} console examples found");
    assert!(
        faults.is_empty(),
        "{} of {count} examples print something else:\n\n{}",
        faults.len(),
        faults.join("\n\n")
    );
}

#[test]
fn examples_are_read_with_their_output() {
    let text = "a\n```console\n$ echo hi\nhi\n$ true\n```\n  ```console\n  $ echo x\n  x\n  ```\n";
    let found = examples(text);
    assert_eq!(found.len(), 3);
    assert_eq!(found[0].command, "echo hi");
    assert_eq!(found[0].expected, ["hi"]);
    assert!(found[1].expected.is_empty());
    assert_eq!(
        (found[2].indent, found[2].expected.clone()),
        (2, vec!["x".to_string()])
    );
}
