//! Extras: what a game answers beyond its rules, asked by name (Khet's
//! `laser`), so that a command or an endpoint for it names no game.

/// An extra a game has: its name and the sides it may be asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    /// The name commands and endpoints call it by: `laser`.
    pub name: &'static str,
    /// The sides it may be asked for, in the game's words (`silver`, `red`);
    /// empty for an extra that takes no side.
    pub sides: &'static [&'static str],
}

/// What an extra is asked with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExtraArgs<'a> {
    /// The side, one of [`Extra::sides`]; `None` asks for the side to move.
    pub side: Option<&'a str>,
    /// The diagram style to draw the answer in, one of the game's styles;
    /// `None` draws none.
    pub style: Option<&'a str>,
}

impl<'a> ExtraArgs<'a> {
    /// These arguments with the side `side` (`None`: the side to move).
    #[must_use]
    pub fn with_side(mut self, side: Option<&'a str>) -> ExtraArgs<'a> {
        self.side = side;
        self
    }

    /// These arguments with a diagram in `style` (`None`: no diagram).
    #[must_use]
    pub fn with_style(mut self, style: Option<&'a str>) -> ExtraArgs<'a> {
        self.style = style;
        self
    }
}

/// An extra's answer, holding what every caller needs of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExtraAnswer {
    /// The side it was asked for, in the game's words.
    pub side: &'static str,
    /// The answer in words, in lines.
    pub text: String,
    /// The answer as one line of JSON.
    pub json: String,
    /// The diagram in the style asked for, with the answer drawn on it;
    /// `None` when none was asked for or the game does not draw that style.
    pub diagram: Option<String>,
    /// The squares whose pieces the answer removes.
    pub removed: Vec<String>,
}

impl ExtraAnswer {
    /// An answer for `side` with its text and JSON, no diagram and nothing removed.
    #[must_use]
    pub fn new(side: &'static str, text: String, json: String) -> ExtraAnswer {
        ExtraAnswer { side, text, json, diagram: None, removed: Vec::new() }
    }

    /// This answer with the diagram `diagram`.
    #[must_use]
    pub fn with_diagram(mut self, diagram: Option<String>) -> ExtraAnswer {
        self.diagram = diagram;
        self
    }

    /// This answer with the squares `removed`.
    #[must_use]
    pub fn with_removed(mut self, removed: Vec<String>) -> ExtraAnswer {
        self.removed = removed;
        self
    }
}
