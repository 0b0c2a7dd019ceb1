// The processes of one run. Started by mpirun or srun (and built with Open MPI: meson's dependency('mpi')),
// a run has P processes that all compute the same derivation and share its units of work (run/scheduler):
// process 0 hands the units out, collects the results and prints; the others print nothing. Otherwise
// (not launched by mpirun, or built without MPI) a run is one process.
#pragma once
#include <string>

namespace seprank {

class process_group {
 public:
  // The run's group. start() must come first when the run may be distributed.
  static process_group& world();
  // Initializes MPI when this process was launched by mpirun or srun (Open MPI's or PMIx's environment).
  // usage_error when it was so launched with P > 1 but built without MPI (each process would do the whole run).
  static void start(int* argc, char*** argv);
  // MPI_Finalize (when started); abort(): MPI_Abort, ending every process of the run with `status`.
  static void finish();
  [[noreturn]] static void abort(int status);
  static bool built_with_mpi();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  // Point-to-point messages and a broadcast from process 0 (size() > 1 only). Waiting polls with short sleeps,
  // so that a waiting process leaves its core to the others.
  void send(int to, int tag, const std::string& message) const;
  std::string receive(int from, int tag, int* source = nullptr) const;  // from: -1 for any process
  bool probe(int from, int tag) const;                                  // a message is waiting (no wait)
  std::string broadcast(const std::string& message) const;              // process 0's message, on every process

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace seprank
