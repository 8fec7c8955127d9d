//! `xla-layout`: the layout core from the terminal.
//!
//! ```text
//! xla-layout canon SHAPE                  canonical XLA text
//! xla-layout info SHAPE [--json]          a summary for people; --json: everything, as JSON
//! xla-layout explain SHAPE [--suggest] [--json]  why it is N times its data; orders that waste less
//! xla-layout memory-order SHAPE [options] JSON array: row-major id at each offset, -1 for padding
//! xla-layout offset SHAPE I,J,... [opts]  the element's offset
//! xla-layout at SHAPE OFFSET [options]    {"index":[..]} or {"padding":true,..}
//! xla-layout checksum SHAPE [options]     sum of offset(e) * (e + 1) mod 2^64
//! xla-layout compare SHAPE_A SHAPE_B      bitcast, or a copy moving N of M elements [--json]
//! xla-layout steps SHAPE --at I,J,..      the tiling stage by stage for one element [--json]
//! xla-layout svg SHAPE [--view ..] [--width PX] [--theme ..] > figure.svg
//! xla-layout scan [FILE|-] [--json]       every shape in HLO text or a memory report
//! xla-layout shard SHAPE (SHARDING | --mesh M --spec S) [--devices N] [--json]  what each device holds, its bytes, why
//! xla-layout timeline PATH... [--json]   a program's memory per step from XLA's dump files
//! options: --leaf 0.1 (tuple leaf path)  --padded-dims 3,5 (older XLA padding)
//!          --padding-value zero|one|lowest|highest|unknown (with --padded-dims)
//! ```
//!
//! Exit status: 0 on success (and when the reader closes the pipe early),
//! 1 when the output cannot be written, 2 on a usage error (clap names the
//! argument) or invalid input (the error, with a caret under the offending
//! characters, goes to stderr).
//!
//! Adding a command: a new file with a `clap::Args` struct and a
//! `run(self) -> Result<Output, Failure>`, its `mod` line below, one
//! variant in `cli::Command`, one arm in `Command::run` (all in this file).
//!
//! The CLI is native only (clap is not a wasm dependency): built for wasm,
//! this binary is an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod canon;
#[cfg(not(target_arch = "wasm32"))]
mod common;
#[cfg(not(target_arch = "wasm32"))]
mod compare;
#[cfg(not(target_arch = "wasm32"))]
mod explain;
#[cfg(not(target_arch = "wasm32"))]
mod info;
#[cfg(not(target_arch = "wasm32"))]
mod info_text;
#[cfg(not(target_arch = "wasm32"))]
mod mapping_cmds;
#[cfg(not(target_arch = "wasm32"))]
mod scan;
#[cfg(not(target_arch = "wasm32"))]
mod shard;
#[cfg(not(target_arch = "wasm32"))]
mod steps;
#[cfg(not(target_arch = "wasm32"))]
mod svg;
#[cfg(not(target_arch = "wasm32"))]
mod timeline;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

/// The command line: its definition, dispatch and output.
#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::io::{self, Write};
    use std::process::ExitCode;

    use clap::{Parser, Subcommand};

    use crate::common::{Failure, Output};
    use crate::{canon, compare, explain, info, mapping_cmds, scan, shard, steps, svg, timeline};

    /// Where every element of an XLA shape lives in linear memory.
    #[derive(Parser, Debug)]
    #[command(name = "xla-layout", version, propagate_version = true)]
    #[command(arg_required_else_help = true, subcommand_required = true)]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand, Debug)]
    enum Command {
        /// Print the canonical XLA text of the shape
        Canon(canon::Args),
        /// Describe the shape: a summary for people, or JSON with --json
        Info(info::Args),
        /// Why the array is N times its data, factor by factor; --suggest:
        /// orders that occupy less
        Explain(explain::Args),
        /// One shape's memory order, as a JSON array: entry k is the row-major
        /// id of the element at offset k, -1 for padding. (A compiled
        /// program's memory beside XLA's memory_analysis() is Python's
        /// xla_layout.memory(compiled); `scan FILE` lists a program's shapes)
        MemoryOrder(mapping_cmds::MemoryArgs),
        /// Renamed `memory-order`: says so, and where a program's memory is
        #[command(hide = true)]
        Memory(mapping_cmds::RenamedMemory),
        /// The offset of the element at an index (dimension-number order)
        Offset(mapping_cmds::OffsetArgs),
        /// What is at an offset: {"index":[..]} or {"padding":true,..}
        At(mapping_cmds::AtArgs),
        /// Sum over elements e of offset(e) * (e + 1), mod 2^64
        Checksum(mapping_cmds::ChecksumArgs),
        /// Compare two layouts of the same array: bitcast, or a copy moving
        /// N of M elements; both footprints
        Compare(compare::Args),
        /// XLA's tiling stage by stage for one element (--at), with the
        /// worked formula of each stage, arriving at its offset
        Steps(steps::Args),
        /// The picture (logical and memory views) as an SVG document
        Svg(svg::Args),
        /// Every shape in an HLO instruction, module, memory report or any
        /// text (FILE, or stdin for `-`): a table, or JSON lines with --json
        Scan(scan::Args),
        /// What each device holds of a sharded array (XLA's SHARDING, or
        /// JAX's --mesh and --spec): one device's shard, the bytes with the
        /// partitioner's and the tiling's padding apart, why, and cuts that
        /// would take less
        Shard(shard::Args),
        /// A program's memory over its run from XLA's dump files (a dump
        /// folder or its files): totals, the fullest step beside XLA's
        /// stated peak, the buffers live there, per device
        Timeline(timeline::Args),
    }

    impl Command {
        fn run(self) -> Result<Output, Failure> {
            match self {
                Command::Canon(args) => args.run(),
                Command::Info(args) => args.run(),
                Command::Explain(args) => args.run(),
                Command::MemoryOrder(args) => args.run(),
                Command::Memory(args) => args.run(),
                Command::Offset(args) => args.run(),
                Command::At(args) => args.run(),
                Command::Checksum(args) => args.run(),
                Command::Compare(args) => args.run(),
                Command::Steps(args) => args.run(),
                Command::Svg(args) => args.run(),
                Command::Scan(args) => args.run(),
                Command::Shard(args) => args.run(),
                Command::Timeline(args) => args.run(),
            }
        }
    }

    pub fn main() -> ExitCode {
        // args_os: `args()` panics on arguments that are not UTF-8.
        let cli = match Cli::try_parse_from(std::env::args_os()) {
            Ok(cli) => cli,
            Err(e) => return usage(&e),
        };
        match cli.command.run() {
            Ok(out) => print(out),
            Err(Failure(message)) => {
                // Nothing sensible is left to do if stderr is gone too.
                let _ = writeln!(io::stderr().lock(), "{message}");
                ExitCode::from(2)
            }
        }
    }

    /// `--help` and `--version` (stdout, exit 0) or a usage error naming the
    /// argument (stderr, exit 2). clap's `print` colours only for a terminal;
    /// a reader that closes the pipe early is not an error here either.
    fn usage(e: &clap::Error) -> ExitCode {
        match e.print() {
            Err(err) if !e.use_stderr() && err.kind() != io::ErrorKind::BrokenPipe => {
                let _ = writeln!(
                    io::stderr().lock(),
                    "xla-layout: cannot write the output: {err}"
                );
                ExitCode::from(1)
            }
            _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
        }
    }

    /// Writes the output to stdout. A reader that stops early (`| head`) is
    /// not an error; `println!` would panic on the broken pipe.
    fn print(out: Output) -> ExitCode {
        let mut stdout = io::BufWriter::new(io::stdout().lock());
        let written = match out {
            Output::Text(text) => writeln!(stdout, "{text}"),
            Output::Stream(write) => write(&mut stdout),
        }
        .and_then(|()| stdout.flush());
        match written {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                let _ = writeln!(
                    io::stderr().lock(),
                    "xla-layout: cannot write the output: {e}"
                );
                ExitCode::from(1)
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use clap::CommandFactory;

        #[test]
        fn the_command_line_definition_is_consistent() {
            super::Cli::command().debug_assert();
        }
    }
}
