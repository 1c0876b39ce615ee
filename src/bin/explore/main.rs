//! The `explore` command (placeholder until the CLI lands).

fn main() {
    let demo = explore::format::parse_one(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .expect("demo puzzle");
    let outcome = explore::solve(&demo, &explore::Config::default());
    println!("{}", outcome.verdict());
}
