#!/usr/bin/env bash
# Writes the manifest of a folder of self-play shards (issue 32): for each
# run (variant and seed) the command that makes one shard, the shards
# present, the commit whose build played them, the games and positions
# counted by `gorgon datagen stats`, and a SHA256SUMS file that
# `sha256sum -c` checks, so that nothing is lost or changed unseen when a
# machine goes.
#
#   scripts/data-manifest.sh DIR COMMIT GORGON_BINARY [GENERATION [NOTE]]
#
# NOTE, if given, is a paragraph printed under the opening one: which
# shards a later build made when it plays the same games (same search and
# nets, the same bench), so that the one COMMIT does not claim them.
#
# GENERATION (default 2) names the nets that played: generation 2's shards
# were made before the adjudication options, so their manifest says how a
# later build plays them again; later generations' builds have the
# options' defaults, and their commands reproduce the shards as written.
#
# Shards are named VARIANT-sSEED-nNODES-shardIIII.g2.xz, as the datagen
# loop of docs/NNUE.md writes them: 100000 games per run, 1000 shards.
set -euo pipefail
dir=$1
commit=$2
gorgon=$3
generation=${4:-2}
note=${5:-}
cd "$dir"
shopt -s nullglob
shards=(*.g2.xz)
if [ ${#shards[@]} -eq 0 ]; then
    echo "no *.g2.xz shards in $dir" >&2
    exit 1
fi
sha256sum "${shards[@]}" > SHA256SUMS
# The runs (VARIANT-sSEED-nNODES), in order; the first one is the example.
runs=$(printf '%s\n' "${shards[@]}" | sed 's/-shard[0-9]*\.g2\.xz$//' | sort -u)
first=${runs%%$'\n'*}
{
    echo "# Self-play shards (generation $generation, with the nets)"
    echo
    echo "Made with \`gorgon datagen\` on the build of commit \`$commit\`,"
    echo "one shard per command, each xz-compressed; SHA256SUMS holds their"
    echo "checksums (\`sha256sum -c SHA256SUMS\` in this folder). Counts by"
    echo "\`gorgon datagen stats\` on each run's shards concatenated in shard order:"
    echo
    if [ -n "$note" ]; then
        echo "$note"
        echo
    fi
    if [ "$generation" = 2 ]; then
        echo "Builds from the adjudication options on (docs/DATAGEN.md) call games"
        echo "differently by default: add \`--win-cp 2000 --win-plies 8 --draw-plies 0\`"
        echo "(the rule these builds had, \`Adjudication::GENERATION_2\`) to reproduce"
        echo "a shard with them."
    else
        echo "That build's default adjudication (docs/DATAGEN.md) called the games;"
        echo "a later build whose defaults differ needs them given as options."
    fi
    echo
    echo '```sh'
    echo "for f in $first-shard*.g2.xz; do xz -dc \"\$f\"; done > $first.g2"
    echo "gorgon datagen stats $first.g2"
    echo '```'
    echo
    echo "| run | command (one shard, I its number) | shards | games | positions |"
    echo "|---|---|---|---:|---:|"
    for run in $runs; do
        variant=${run%%-s*}
        rest=${run#*-s}
        seed=${rest%%-n*}
        nodes=${rest#*-n}
        numbers=$(printf '%s\n' "$run"-shard*.g2.xz | sed 's/.*-shard0*\([0-9][0-9]*\)\.g2\.xz$/\1/; s/^$/0/' | sort -n)
        # Shard numbers as ranges: 0..5, 9, 12..14.
        ranges=$(echo "$numbers" | awk 'NR==1{s=$1;p=$1;next} $1==p+1{p=$1;next} {printf "%s%s, ", s, (s==p?"":".." p); s=$1;p=$1} END{printf "%s%s", s, (s==p?"":".." p)}')
        count=$(echo "$numbers" | wc -l)
        tmp=$(mktemp)
        for f in "$run"-shard*.g2.xz; do xz -dc "$f"; done > "$tmp"
        positions=$("$gorgon" datagen stats "$tmp" | sed -n "s/^$variant: \([0-9]*\) positions.*/\1/p")
        rm -f "$tmp"
        games=$((count * 100))
        echo "| $run | \`gorgon datagen --variant $variant --games 100000 --nodes $nodes --seed $seed --nnue true --format g2 --shard I/1000 --out F\` | $ranges | $games | $positions |"
    done
} > MANIFEST.md
echo "wrote $dir/MANIFEST.md and $dir/SHA256SUMS (${#shards[@]} shards)"
