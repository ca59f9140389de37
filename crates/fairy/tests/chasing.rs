//! Xiangqi's chasing rule (`chasingRule = axf`): repetitions in which one
//! side follows a piece of the other with one of its own, threatening it
//! at every move, end as pyffish says (`data/chasing.tsv`, made by
//! `data/chasing.py` from positions of seeded random play, and lines set
//! up by hand for a horse whose way back is blocked, a rook held on the
//! kings' file, a discovered check that wins a piece and protectors pinned
//! in turn: the chaser's side loses where the piece is not protected or is
//! worth more, a draw otherwise), and checks beyond ten lengthen the
//! n-move rule as pyffish counts them.

mod common;

use common::history_end;

const LINES: &str = include_str!("data/chasing.tsv");

#[test]
fn repetitions_with_a_chase_end_as_pyffish_says() {
    let mut differences = Vec::new();
    let (mut checked, mut ended, mut decided) = (0, 0, 0);
    for line in LINES.lines().filter(|l| !l.starts_with('#')) {
        let (_, got, expected) = history_end(line);
        if got != expected {
            differences.push(format!("{line}: {got}"));
        }
        checked += 1;
        ended += usize::from(expected != "-");
        decided += usize::from(expected == "win" || expected == "loss");
    }
    assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences.join("\n"));
    println!("{checked} rows, {ended} ended, {decided} won or lost");
    assert!(checked > 500 && ended > 200 && decided > 50, "{checked} rows, {ended} ended, {decided} won or lost");
}
