// The one place where units of work run (docs/architecture.md, "Units, the store and the scheduler"). For each
// batch the analysis hands it (analysis/units.hpp), process 0 takes the finished units from the results store
// (run/store), re-computes a random sample of them when asked (--verify), and the rest are computed: here in
// order, or, in a run of P processes (run/process_group), handed out largest estimate first to whichever
// process is free, process 0 computing too. Each finished unit is written to the store at once; every process
// ends the batch with the same results.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "seprank/analysis/units.hpp"
#include "seprank/run/process_group.hpp"
#include "seprank/run/store.hpp"

namespace seprank {

struct scheduler_options {
  std::string store;       // path of the results store ("" : none)
  long verify = 0;         // re-compute this many units taken from the store, drawn at random
  std::uint64_t seed = 1;  // of that draw
  double time_limit = 0;   // the run's --time-limit: waits for the store's lock end there (0: only after 30 s)
};

class scheduler : public unit_runner {
 public:
  scheduler(const scheduler_options& o, const process_group& group);
  std::vector<unit_result> run(const unit_batch& batch,
                               const std::function<std::string(std::size_t)>& compute) override;
  std::string store_path() const override { return options_.store; }
  int processes() const override { return group_.size(); }
  bool agree(bool value) override;

 private:
  scheduler_options options_;
  const process_group& group_;
  std::unique_ptr<results_store> store_;  // process 0 only

  struct batch_state;  // one batch's results, the units to compute and what finishing one means (scheduler.cpp)
  void take_stored(batch_state& b) const;  // process 0: from the store, and the checks
  void run_alone(batch_state& b, const std::function<std::string(std::size_t)>& compute);   // one process
  void run_root(batch_state& b, const std::function<std::string(std::size_t)>& compute);    // process 0 of several
  void run_worker(batch_state& b, const std::function<std::string(std::size_t)>& compute);  // every other process
};

}  // namespace seprank
