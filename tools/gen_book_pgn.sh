#!/bin/sh
# Writes GAMES synthetic games (crates/book/examples/gen_pgn.rs) as PGN to
# OUT, for building and timing opening books. Large: keep it out of the
# repository (*.pgn is ignored anyway).
#
#     tools/gen_book_pgn.sh 100000 /work/data/games100k.pgn [SEED]
set -e
games=${1:?usage: gen_book_pgn.sh GAMES OUT [SEED]}
out=${2:?usage: gen_book_pgn.sh GAMES OUT [SEED]}
seed=${3:-1}
cargo build --release -q -p outpost-book --example gen_pgn
nice -n 10 "$(dirname "$0")/../target/release/examples/gen_pgn" "$games" "$seed" > "$out"
