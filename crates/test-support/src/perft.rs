//! Perft suites in the format of python-chess's and shakmaty's files:
//! `id NAME`, `epd EPD` and `perft DEPTH NODES` lines, blank lines and
//! `#` comments between them.

/// One position of a suite: its id, EPD and the known counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The `id` line's name.
    pub id: String,
    /// The position, as the `epd` line gives it.
    pub epd: String,
    /// `(depth, nodes)` of each `perft` line, in the file's order.
    pub counts: Vec<(u32, u64)>,
}

impl Case {
    /// The known count at `depth`, if the suite gives one.
    #[must_use]
    pub fn count(&self, depth: u32) -> Option<u64> {
        self.counts.iter().find(|&&(d, _)| d == depth).map(|&(_, n)| n)
    }
}

/// The cases of a suite's text.
///
/// # Panics
///
/// On an `epd` or `perft` line before any `id` line, or a `perft` line
/// that is not `perft DEPTH NODES`: the suites are test data of the
/// repository.
#[must_use]
pub fn cases(text: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            out.push(Case { id: id.to_owned(), epd: String::new(), counts: Vec::new() });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            epd.clone_into(&mut out.last_mut().expect("id before epd").epd);
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            let count = (depth.parse().expect("perft depth"), nodes.parse().expect("perft nodes"));
            out.last_mut().expect("id before perft").counts.push(count);
        }
    }
    out
}

/// The EPD of every case of a suite's text, in order.
///
/// # Panics
///
/// As [`cases`].
#[must_use]
pub fn epds(text: &str) -> Vec<String> {
    cases(text).into_iter().map(|case| case.epd).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUITE: &str = "# a comment\n\nid kiwipete\nepd r3k2r/8/8/8/8/8/8/R3K2R w KQkq -\nperft 1 26\nperft 2 568\n\nid second\n  epd 8/8/8/8/8/8/8/K6k w - -  \nperft 1 3\n";

    #[test]
    fn a_suite_reads_as_its_cases() {
        let cases = cases(SUITE);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].id, "kiwipete");
        assert_eq!(cases[0].epd, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -");
        assert_eq!(cases[0].counts, [(1, 26), (2, 568)]);
        assert_eq!(cases[1].epd, "8/8/8/8/8/8/8/K6k w - -");
        assert_eq!(cases[0].count(2), Some(568));
        assert_eq!(cases[1].count(2), None);
    }

    #[test]
    fn epds_lists_the_positions() {
        assert_eq!(epds(SUITE), ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq -", "8/8/8/8/8/8/8/K6k w - -"]);
    }

    #[test]
    #[should_panic(expected = "id before epd")]
    fn an_epd_needs_an_id_first() {
        let _ = cases("epd 8/8/8/8/8/8/8/K6k w - -\n");
    }
}
