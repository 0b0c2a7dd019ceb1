#!/bin/bash
# A Slurm batch script for a long run (sbatch examples/slurm.sh). Every task computes the same derivation and
# they share its units of work (the Gram blocks, the grid, the element checks): task 0 hands them out, largest
# estimate first, and prints. The store keeps every finished unit, so a job that hits its time limit or is
# preempted is simply submitted again and redoes only the units that were in flight. Plan first:
#   seprank-sym plan --L 6 --dx 2 --np 64 --threads 4 --node-memory 16000
#SBATCH --job-name=seprank-L6-dx2
#SBATCH --ntasks=64
#SBATCH --cpus-per-task=4
#SBATCH --mem-per-cpu=2G
#SBATCH --time=02:00:00
#SBATCH --output=seprank-%j.out
set -euo pipefail
# The store must be on a file system every task's node can reach; only task 0 writes it.
STORE=${STORE:-$PWD/L6-dx2.db}
# srun starts the tasks (Open MPI built with PMIx, as Debian's is: --mpi=pmix); --threads per task.
srun --mpi=pmix seprank-sym --L 6 --dx 2 --time-limit 100000 --max-memory 8000 \
  --threads "${SLURM_CPUS_PER_TASK:-1}" --store "$STORE" --format json > "L6-dx2-$SLURM_JOB_ID.json"
seprank-sym store "$STORE" | head -20
