#include "seprank/run/process_group.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#ifdef SEPRANK_HAVE_MPI
#define OMPI_SKIP_MPICXX 1  // the C API only (the C++ bindings are deprecated and warn)
#include <mpi.h>
#endif

#include "seprank/support/errors.hpp"

namespace seprank {

namespace {

#ifdef SEPRANK_HAVE_MPI
bool started = false;  // MPI_Init ran (a build without MPI has nothing to start)
#endif

// Set by Open MPI's mpirun, and by srun with PMI-2 or PMIx (SLURM_NTASKS alone is a batch job's setting, not a
// launch). 0: not launched by either.
int launched_size() {
  if (const char* v = std::getenv("OMPI_COMM_WORLD_SIZE")) return std::atoi(v);
  if (const char* v = std::getenv("PMI_SIZE")) return std::atoi(v);
  if (std::getenv("PMIX_RANK")) {
    const char* n = std::getenv("SLURM_NTASKS");
    return n ? std::atoi(n) : 1;
  }
  return 0;
}

#ifdef SEPRANK_HAVE_MPI
void wait(MPI_Request& r) {
  int done = 0;
  for (int spins = 0;; ++spins) {
    MPI_Test(&r, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::microseconds(spins < 100 ? 50 : 1000));
  }
}
#endif

}  // namespace

process_group& process_group::world() {
  static process_group w;
  return w;
}

bool process_group::built_with_mpi() {
#ifdef SEPRANK_HAVE_MPI
  return true;
#else
  return false;
#endif
}

void process_group::start(int* argc, char*** argv) {
  const int size = launched_size();
#ifdef SEPRANK_HAVE_MPI
  if (size == 0) return;  // a plain run: no MPI at all
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
  started = true;
  if (provided < MPI_THREAD_SERIALIZED) {  // process 0 hands out units from a second thread
    MPI_Abort(MPI_COMM_WORLD, exit_internal);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &world().rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &world().size_);
#else
  (void)argc, (void)argv;
  if (size > 1)
    throw usage_error(
        "launched as one of " + std::to_string(size) +
        " MPI processes, but this seprank-sym was built without MPI (install libopenmpi-dev and rebuild)");
#endif
}

void process_group::finish() {
#ifdef SEPRANK_HAVE_MPI
  if (started) MPI_Finalize();
  started = false;
#endif
}

void process_group::abort(int status) {
#ifdef SEPRANK_HAVE_MPI
  if (started) MPI_Abort(MPI_COMM_WORLD, status);
#endif
  std::_Exit(status);
}

void process_group::send(int to, int tag, const std::string& message) const {
#ifdef SEPRANK_HAVE_MPI
  if (message.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::length_error("a message of " + std::to_string(message.size()) + " bytes (MPI sends at most 2^31 - 1)");
  MPI_Request r;
  MPI_Isend(message.data(), static_cast<int>(message.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD, &r);
  wait(r);
#else
  (void)to, (void)tag, (void)message;
  throw std::logic_error("process_group::send in a run of one process");
#endif
}

std::string process_group::receive(int from, int tag, int* source) const {
#ifdef SEPRANK_HAVE_MPI
  MPI_Status st;
  int flag = 0;
  for (int spins = 0;; ++spins) {
    MPI_Iprobe(from < 0 ? MPI_ANY_SOURCE : from, tag, MPI_COMM_WORLD, &flag, &st);
    if (flag) break;
    std::this_thread::sleep_for(std::chrono::microseconds(spins < 100 ? 50 : 1000));
  }
  int count = 0;
  MPI_Get_count(&st, MPI_CHAR, &count);
  std::string out(static_cast<std::size_t>(count), '\0');
  MPI_Recv(out.data(), count, MPI_CHAR, st.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (source) *source = st.MPI_SOURCE;
  return out;
#else
  (void)from, (void)tag, (void)source;
  throw std::logic_error("process_group::receive in a run of one process");
#endif
}

bool process_group::probe(int from, int tag) const {
#ifdef SEPRANK_HAVE_MPI
  int flag = 0;
  MPI_Iprobe(from < 0 ? MPI_ANY_SOURCE : from, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  return flag != 0;
#else
  (void)from, (void)tag;
  return false;
#endif
}

std::string process_group::broadcast(const std::string& message) const {
#ifdef SEPRANK_HAVE_MPI
  std::uint64_t n = message.size();
  MPI_Request r;
  MPI_Ibcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &r);
  wait(r);
  std::string out = root() ? message : std::string(n, '\0');
  constexpr std::uint64_t piece = std::uint64_t{1} << 30;  // MPI counts are int: a grid's bands can exceed 2 GiB
  for (std::uint64_t at = 0; at < n; at += piece) {
    MPI_Ibcast(out.data() + at, static_cast<int>(std::min(piece, n - at)), MPI_CHAR, 0, MPI_COMM_WORLD, &r);
    wait(r);
  }
  return out;
#else
  return message;
#endif
}

}  // namespace seprank
