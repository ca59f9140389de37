//! `--jobs N`: the batch commands give, on any number of threads, exactly
//! what they give on one: the same standard output in the inputs' order,
//! the same messages on standard error, the same exit status.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::run_bytes as run;

/// Many inputs of every game: corpus chess lines, named setups, lines that
/// do not read, lines that read only leniently, and a line that is not
/// UTF-8.
fn mixed_input() -> Vec<u8> {
    let corpus =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/chess/cozy_valid.sfens"))
            .unwrap_or_else(|e| panic!("corpus: {e}"));
    let others = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04",
        "khet:classic",
        "khet:imhotep",
        "rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1",
        "",
        "rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    ];
    let mut input = Vec::new();
    for (i, line) in corpus.lines().take(3000).enumerate() {
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
        if i % 97 == 0 {
            input.extend_from_slice(others[i % others.len()].as_bytes());
            input.push(b'\n');
        }
        if i == 1500 {
            input.extend_from_slice(b"rnbqkbnr/ppp\xffpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
        }
    }
    input
}

#[test]
fn every_batch_command_gives_the_same_on_any_number_of_jobs() {
    let input = mixed_input();
    let commands: &[&[&str]] = &[
        &["convert", "--to", "json"],
        &["convert", "--to", "fen", "--lenient"],
        &["validate"],
        &["render", "--style", "unicode"],
        &["moves", "--notation", "san"],
        &["perft", "--depth", "1"],
        &["status"],
    ];
    for command in commands {
        let one = run(&[command, &["--jobs", "1"][..]].concat(), &input);
        assert!(one.stdout.len() > 5_000, "{command:?}: {} bytes", one.stdout.len());
        assert!(!one.stderr.is_empty(), "{command:?}: no message for the bad lines");
        for jobs in ["2", "3"] {
            let many = run(&[command, &["--jobs", jobs][..]].concat(), &input);
            assert_eq!(many.code, one.code, "{command:?} --jobs {jobs}: exit status");
            assert!(many.stdout == one.stdout, "{command:?} --jobs {jobs}: standard output differs");
            assert!(many.stderr == one.stderr, "{command:?} --jobs {jobs}: standard error differs");
        }
    }
}

/// Lines longer than a batch, `\r\n` ends, blank lines and a last line
/// without a newline are cut and numbered as on one thread, whatever
/// batch they fall in.
#[test]
fn batch_edges_change_nothing() {
    let long = format!("{}8 w - - 0 1", "8/".repeat(100_000));
    let mut input = Vec::new();
    for i in 0..6_000 {
        let line = match i % 1_000 {
            0 => long.as_str(),
            1 => "",
            _ => "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        };
        input.extend_from_slice(line.as_bytes());
        input.extend_from_slice(if i % 3 == 0 { b"\r\n" } else { b"\n" });
    }
    input.extend_from_slice(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for command in [&["convert", "--to", "epd"][..], &["validate"][..]] {
        let one = run(&[command, &["--jobs", "1"][..]].concat(), &input);
        let stdout = String::from_utf8_lossy(&one.stdout);
        assert!(stdout.lines().count() > 5_900, "{command:?}: {} lines", stdout.lines().count());
        assert!(String::from_utf8_lossy(&one.stderr).contains("input 1002: column 1: empty input"), "{command:?}");
        for jobs in ["2", "3"] {
            let many = run(&[command, &["--jobs", jobs][..]].concat(), &input);
            assert!(many == one, "{command:?} --jobs {jobs}: differs from one job");
        }
    }
}

/// Arguments are inputs too: each is worked on apart, in order.
#[test]
fn inputs_given_as_arguments_keep_their_order() {
    let args = ["perft", "--depth", "2", "chess:standard", "xiangqi:standard", "khet:classic", "nonsense"];
    let one = run(&[&args[..], &["--jobs", "1"]].concat(), b"");
    let two = run(&[&args[..], &["--jobs", "2"]].concat(), b"");
    assert_eq!(one, two);
    let stdout = String::from_utf8(two.stdout).unwrap_or_default();
    assert_eq!(stdout.lines().next(), Some("400"), "{stdout}");
    assert_eq!(two.code, 1);
    assert!(String::from_utf8_lossy(&two.stderr).contains("polyfen: input 4: column "), "{:?}", two.stderr);
}

/// Output closed early (`| head`): the command ends quietly, whatever the
/// number of jobs.
#[test]
fn a_closed_output_ends_the_run() {
    let input = mixed_input();
    let mut child = common::spawn(&["convert", "--to", "fen", "--jobs", "2"]);
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let writer = std::thread::spawn(move || {
        for _ in 0..20 {
            if stdin.write_all(&input).is_err() {
                break;
            }
        }
    });
    drop(child.stdout.take());
    let status = child.wait().unwrap_or_else(|e| panic!("polyfen did not finish: {e}"));
    let _ = writer.join();
    assert!(status.code().is_some(), "killed by a signal: {status:?}");
}

/// A line typed at a terminal is answered before the next one is typed,
/// with the default number of jobs. The terminal is a pseudo-terminal made
/// by `script` (util-linux), which every Debian system has.
#[test]
fn a_line_typed_at_a_terminal_is_answered_at_once() {
    use std::io::Read;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let command = format!("{} convert --to fen", env!("CARGO_BIN_EXE_polyfen"));
    let Ok(mut child) = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        eprintln!("skipped: no `script` command to make a terminal");
        return;
    };
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let mut stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buf) {
            if tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let _ = stdin.write_all(b"chess:standard\n");
    let _ = stdin.flush();
    // the answer comes while the terminal waits for the next line
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen = Vec::new();
    let answered = loop {
        if String::from_utf8_lossy(&seen).contains("RNBQKBNR w KQkq - 0 1") {
            break true;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(bytes) => seen.extend(bytes),
            Err(_) => break false,
        }
    };
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    let _ = reader.join();
    assert!(answered, "no answer before the next line: {:?}", String::from_utf8_lossy(&seen));
}
