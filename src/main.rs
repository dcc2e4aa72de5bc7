use std::process::ExitCode;

fn main() -> ExitCode {
    // The designer's four games; a mod's binary passes its registration here.
    burrow::launch::run(std::env::args_os(), &[])
}
