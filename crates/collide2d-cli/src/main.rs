//! The `collide2d` command: scene files in, collision reports and pictures out.
//!
//! Exit codes: 0 when the command ran (whatever it found), 1 with `--fail-on-collision` when a
//! pair collides, 2 on any error (a one-line message on stderr; no output file is left behind).
//! Usage errors are one line too: clap's message, then `(see collide2d CMD --help)` on the same
//! line, with no hint line after it.
//! Stdout is written through `output::emit`: a reader that goes away (`| head`) just ends the
//! output, with no message and the same exit code; a failed write (`> /dev/full`) is an error.

mod bench;
mod check;
mod render;

use collide2d_cli::{error, files, output, scene, trace_cmd};

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use collide2d::pixels::Solidity;

use check::Method;
use error::CliError;
use scene::DetailSpec;

#[derive(Parser)]
#[command(name = "collide2d", version, about = "2D collision detection: scene files in, reports and pictures out")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How `check` and `render` judge pairs.
#[derive(clap::Args)]
struct Judging {
    /// How to judge pairs.
    #[arg(long, value_enum, default_value_t = Method::Exact)]
    detector: Method,
    /// The units of work one pair's exact contact may spend with a concave polygon (the default
    /// is at most about 10 ms); past it the pair's push separates it all the same but is not
    /// proven the shortest, and the report says so. 0: no bound (two overlapping 2,000-vertex
    /// stars then take seconds).
    #[arg(long, value_name = "UNITS", default_value_t = collide2d::ContactBudget::DEFAULT.units())]
    contact_budget: u64,
}

impl Judging {
    /// The scene's report under these settings.
    fn check(&self, loaded: &scene::Scene, scene: Option<&Path>) -> Result<check::Report, CliError> {
        let budget = match self.contact_budget {
            0 => collide2d::ContactBudget::UNBOUNDED,
            units => collide2d::ContactBudget::from_units(units),
        };
        check::check(loaded, &scene_name(scene), self.detector, budget)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Report which pairs of a scene collide, with depth, normal and contact points.
    Check {
        /// The scene file (JSON); without it, the built-in demo scene.
        scene: Option<PathBuf>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        judging: Judging,
        /// Exit with code 1 when any pair collides (for level-design checks).
        #[arg(long)]
        fail_on_collision: bool,
    },
    /// Draw a scene: colliding shapes red, the others green.
    Render {
        /// The scene file (JSON); without it, the built-in demo scene.
        scene: Option<PathBuf>,
        /// The PNG to write.
        #[arg(short, long, default_value = "collide2d-scene.png")]
        output: PathBuf,
        #[command(flatten)]
        judging: Judging,
        /// Picture width in pixels (1 to 16384).
        #[arg(long, default_value_t = 960, value_parser = clap::value_parser!(u32).range(1..=16384))]
        width: u32,
        /// Picture height in pixels (1 to 16384).
        #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=16384))]
        height: u32,
        /// Draw each collider's bounding box.
        #[arg(long)]
        bounds: bool,
        /// Leave out contact points.
        #[arg(long)]
        no_contacts: bool,
        /// Leave out push-out arrows.
        #[arg(long)]
        no_arrows: bool,
        /// Leave out the names.
        #[arg(long)]
        no_labels: bool,
        /// Leave out the legend.
        #[arg(long)]
        no_legend: bool,
    },
    /// Trace a sprite's solid pixels into polygons, printed as a scene file (JSON) of colliders.
    ///
    /// The output is a whole scene (`{"y_axis": "down", "colliders": [...]}`): save it and check
    /// it as it is, or paste its colliders into another scene.
    Trace {
        /// The picture (PNG).
        sprite: PathBuf,
        /// Level of detail.
        #[arg(long, value_enum, default_value_t = DetailSpec::Optimal)]
        detail: DetailSpec,
        /// A pixel is solid when its alpha is above this (default: any not fully transparent).
        #[arg(long, default_value_t = 0)]
        alpha_above: u8,
        /// Colours that never count as solid, as RRGGBBAA hex (repeatable).
        #[arg(long, value_parser = parse_colour)]
        ignore: Vec<[u8; 4]>,
        /// Also write the outlines drawn over the enlarged sprite to this PNG.
        #[arg(long)]
        png: Option<PathBuf>,
        /// Refuse a picture whose exact outlines have more vertices than this (a small file can
        /// hold millions: a 2048×2048 checkerboard has 8 million), before tracing it. 0: no limit.
        #[arg(long, value_name = "N", default_value_t = trace_cmd::DEFAULT_MAX_VERTICES)]
        max_vertices: usize,
    },
    /// Time a few thousand moving shapes stepped through a collision world on this machine.
    Bench {
        /// How many colliders (at most 1000000, about 400 MB).
        #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(..=bench::MAX_OBJECTS))]
        objects: u64,
        /// How many steps to time (at most 100000).
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(..=bench::MAX_STEPS))]
        steps: u64,
        /// Seed of the generated scene.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the JSON Schema of scene files.
    Schema,
}

fn parse_colour(s: &str) -> Result<[u8; 4], String> {
    let hex = s.trim_start_matches('#');
    if hex.len() != 8 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(format!("\"{s}\" is not an RRGGBBAA colour"));
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|e| e.to_string());
    Ok([byte(0)?, byte(2)?, byte(4)?, byte(6)?])
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match run(cli.command) {
        Ok(code) => code,
        Err(e) => {
            output::note(&format!("collide2d: {e}"));
            ExitCode::from(2)
        }
    }
}

/// clap's own outcomes: help and version on stdout (exit 0), and usage errors on one line,
/// ending with which `--help` to read (exit 2) instead of clap's three to seven lines.
fn clap_exit(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let line = match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => match e.print() {
            Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => format!("cannot write to stdout: {err}"),
            _ => return ExitCode::SUCCESS,
        },
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "a command is needed: check, render, trace, bench or schema (see collide2d --help)".to_owned()
        }
        _ => one_line(&e.render().to_string()),
    };
    output::note(&format!("collide2d: {}", output::printable(&line)));
    ExitCode::from(2)
}

/// clap's usage error on one line: its message, values and tips, without the usage block.
fn one_line(text: &str) -> String {
    let parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Usage: ") && !l.starts_with("For more information"))
        .map(|l| l.strip_prefix("error: ").unwrap_or(l))
        .collect();
    // The subcommand whose help to read: the first argument that names one.
    let commands = <Cli as clap::CommandFactory>::command();
    let command = std::env::args()
        .skip(1)
        .find(|a| commands.get_subcommands().any(|c| c.get_name() == a))
        .map_or_else(|| "collide2d".to_owned(), |c| format!("collide2d {c}"));
    format!("{} (see {command} --help)", parts.join("; "))
}

fn scene_name(path: Option<&Path>) -> String {
    path.map_or_else(|| "<built-in demo scene>".to_owned(), |p| p.display().to_string())
}

fn run(command: Command) -> Result<ExitCode, CliError> {
    match command {
        Command::Check { scene, json, judging, fail_on_collision } => {
            let loaded = scene::load(scene.as_deref())?;
            let report = judging.check(&loaded, scene.as_deref())?;
            let text = if json {
                serde_json::to_string_pretty(&report).map_err(|e| CliError::new(e.to_string()))? + "\n"
            } else {
                check::table(&report)
            };
            output::emit(&text)?;
            Ok(if fail_on_collision && !report.colliding.is_empty() { ExitCode::from(1) } else { ExitCode::SUCCESS })
        }
        Command::Render {
            scene,
            output,
            judging,
            width,
            height,
            bounds,
            no_contacts,
            no_arrows,
            no_labels,
            no_legend,
        } => {
            let loaded = scene::load(scene.as_deref())?;
            let report = judging.check(&loaded, scene.as_deref())?;
            let overlays = render::Overlays {
                bounds,
                contacts: !no_contacts,
                arrows: !no_arrows,
                labels: !no_labels,
                legend: !no_legend,
            };
            let picture = render::render(&loaded, &report, width, height, overlays)?;
            files::write_file(&output, &picture.encode_png().map_err(CliError::new)?)?;
            let shown = output::printable(&output.display().to_string());
            output::note(&format!("wrote {shown} ({} colliding pairs)", report.colliding.len()));
            Ok(ExitCode::SUCCESS)
        }
        Command::Trace { sprite, detail, alpha_above, ignore, png, max_vertices } => {
            let solidity = Solidity { alpha_above, ignore };
            let traced = trace_cmd::run(&sprite, detail, &solidity, max_vertices)?;
            let stem = sprite.file_stem().map_or("sprite".into(), |s| s.to_string_lossy().into_owned());
            let scene = trace_cmd::as_scene(&stem, &traced.polygons);
            let json = serde_json::to_string_pretty(&scene).map_err(|e| CliError::new(e.to_string()))?;
            if let Some(out) = png {
                let picture = trace_cmd::overlay(&traced)?;
                files::write_file(&out, &picture.encode_png().map_err(CliError::new)?)?;
            }
            output::emit(&(json + "\n"))?;
            // After everything else succeeded, so that an error stays the only line on stderr.
            for (level, islands, vertices) in &traced.counts {
                output::note(&format!("{level:>8}: {islands} polygons, {vertices} vertices"));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench { objects, steps, seed } => {
            // Both within their limits, which fit any usize.
            let r = bench::run(objects as usize, steps as usize, seed)?;
            output::emit(&format!(
                "{} moving colliders (circles, boxes, capsules, hexagons), {} steps: {:.3} ms/step, {:.0} steps/s\n\
                 on average {:.0} touching pairs, {:.1} starting to touch per step\n",
                r.objects,
                r.steps,
                r.ms_per_step,
                1000.0 / r.ms_per_step.max(1e-9),
                r.touching,
                r.started
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Schema => {
            let schema = schemars::schema_for!(scene::SceneFile);
            let json = serde_json::to_string_pretty(&schema).map_err(|e| CliError::new(e.to_string()))?;
            output::emit(&(json + "\n"))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_eight_hex_digits_with_or_without_a_hash() {
        assert_eq!(parse_colour("#ff8000cc"), Ok([255, 128, 0, 204]));
        assert_eq!(parse_colour("0A1b2C3d"), Ok([10, 27, 44, 61]));
        for bad in ["#fff", "ff8000c", "ff8000ccc", "#gg8000cc", "ff 000cc", "", "#ff8000c\u{e9}"] {
            let error = parse_colour(bad).expect_err(bad);
            assert!(error.contains("is not an RRGGBBAA colour"), "{bad}: {error}");
        }
    }

    #[test]
    fn a_scene_is_named_by_its_path_or_as_the_built_in_one() {
        assert_eq!(scene_name(Some(Path::new("scenes/a.json"))), "scenes/a.json");
        assert_eq!(scene_name(None), "<built-in demo scene>");
    }
}
