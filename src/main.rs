use std::process::ExitCode;

fn main() -> ExitCode {
    burrow::cli::main()
}
