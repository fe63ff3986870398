#!/bin/sh
# Rebuilds the shipped opening books book/data/pom.gbk and book/data/minipom.gbk
# from self-play (docs/BOOK.md, "Shipped books"). Deterministic: the same
# settings give the same files whatever the number of threads.
#
#   book/build-books.sh            # from the repository root
#   THREADS=8 book/build-books.sh
#
# Runs about 15 minutes on 2 cores.
set -eu
cd "$(dirname "$0")/.."
THREADS=${THREADS:-$(nproc 2>/dev/null || echo 2)}
SEED=${SEED:-1}
build() { # variant games depth max_ply
    cargo run --release --example build_book -- selfplay "$1" "book/data/$1.gbk" "$2" "$3" "$4" "$THREADS" "$SEED"
}
build pom 500 7 16
build minipom 500 8 16
cargo run --release --example build_book -- dump pom book/data/pom.gbk 0
cargo run --release --example build_book -- dump minipom book/data/minipom.gbk 0
