//! `polyfen explain`: each input cut into parts, one line (or JSON object)
//! per part, the parts inside a part indented under it.

use clap::Args;
use polyfen::RuleError;
use polyfen::explain::{Explanation, Part, explain, explain_move_at};
use polyfen::{Notation, Position, ReadOptions, RuleOptions, RulesError, read};

use crate::output::{Flow, Report};
use crate::rules::{move_words, named_setup};
use crate::{Inputs, parse_notation};

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The notation of the inputs, or with --position of the position
    /// (default: detected).
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    from: Option<Notation>,
    /// Read leniently and show each repair on the part it was made at.
    #[arg(long)]
    lenient: bool,
    /// Read the positions under this rules variant of their game (its id
    /// or another name of it, such as makruk or crazyhouse; an unknown name
    /// lists them).
    #[arg(long, value_name = "RULES", value_parser = crate::parse_rules)]
    variant: Option<&'static str>,
    /// Explain moves instead: the inputs are moves in any move notation of
    /// the game, played in order from this position (a name such as
    /// `chess:standard` picks a named setup).
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// One JSON object per line for each top-level part (with the input's
    /// number, its notation and the parts inside it).
    #[arg(long)]
    json: bool,
    /// Positions (or, with --position, moves); without any, each line of
    /// standard input is one position (or the words of standard input are
    /// the moves).
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

pub fn run(args: &ExplainArgs, report: &mut Report) -> Result<(), Flow> {
    let options = ReadOptions::lenient(args.lenient).with_rules(args.variant);
    if let Some(position) = &args.position {
        return moves(args, position, options, report);
    }
    Inputs::new(&args.inputs).for_each(report, |n, input, report| {
        let input = named_setup(input).unwrap_or(input);
        match explain(input, args.from, &options) {
            Ok(explained) => print(args.json, n, &explained, report),
            Err(e) => {
                report.error(n, input, &e.error);
                Ok(())
            }
        }
    })
}

fn moves(args: &ExplainArgs, position: &str, options: ReadOptions, report: &mut Report) -> Result<(), Flow> {
    let text = named_setup(position).unwrap_or(position);
    let mut position = match read(text, args.from, &options) {
        Ok(reading) => {
            report.repairs(1, text, &reading.repairs, false);
            reading.position
        }
        Err(e) => {
            report.position_error(text, &e.error);
            return Ok(());
        }
    };
    let write_as = position.variant().move_notations()[0];
    for (index, word) in move_words(&args.inputs)?.iter().enumerate() {
        let explained = explain_move_at(&position, word).and_then(|explained| {
            position.play(word, write_as, &RuleOptions::default())?;
            Ok(explained)
        });
        match explained {
            Ok(explained) => print(args.json, index as u64 + 1, &explained, report)?,
            Err(RulesError::Rule(RuleError::Move { error, .. })) => {
                report.move_error(index + 1, word, &error);
                return Ok(());
            }
            Err(e) => {
                report.message(&e.to_string());
                return Ok(());
            }
        }
    }
    Ok(())
}

fn print(json: bool, n: u64, explained: &Explanation, report: &mut Report) -> Result<(), Flow> {
    if json {
        for part in &explained.parts {
            let mut object = serde_json::to_value(part).map_err(|e| Flow::Fatal(e.into()))?;
            if let Some(map) = object.as_object_mut() {
                map.insert("input".to_owned(), n.into());
                map.insert("notation".to_owned(), explained.notation.clone().into());
            }
            report.line(&object.to_string())?;
        }
        return Ok(());
    }
    report.separate()?;
    report.line(&format!("{} {}", explained.variant, explained.notation))?;
    lines(&explained.parts, 0, report)
}

/// `START..END "TEXT" KIND: MEANING`, then each repair, then the parts
/// inside, indented.
fn lines(parts: &[Part], depth: usize, report: &mut Report) -> Result<(), Flow> {
    for part in parts {
        let indent = "  ".repeat(depth);
        report
            .line(&format!("{indent}{}..{} {:?} {}: {}", part.start, part.end, part.text, part.kind, part.meaning))?;
        for repair in &part.repairs {
            report.line(&format!("{indent}  repaired: {repair}"))?;
        }
        lines(&part.parts, depth + 1, report)?;
    }
    Ok(())
}
