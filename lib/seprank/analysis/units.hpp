// Units of work (docs/architecture.md, "Units, the store and the scheduler"). The analysis floor cuts an
// expensive stage into independent units (the Gram blocks, docs/theory.md section 7; the element checks,
// section 4) and hands them, with a function that computes one, to a unit_runner. A runner may take a
// unit's result from a results store, or compute it in another process (MPI): the analysis only sees
// each unit's result, serialized, and where it came from. Without a runner every unit is computed here,
// in order.
#pragma once
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace seprank {

struct work_unit {
  std::string name;             // unique within its batch, e.g. "k=7"
  double seconds = 0;           // estimated (the scheduler hands out the largest first)
  std::uint64_t memory_mb = 0;  // estimated
};

// What a batch's results depend on: the method and its version (bumped whenever the computation of a
// unit changes), the configuration and the exact weights. A store reuses a result only when all four
// and the unit's name agree.
struct unit_batch {
  std::string method;  // e.g. "gram-block"
  int version = 1;
  std::string config;   // canonical text, e.g. "L=3 dx=4 H=1 entry=1 residual=0 prime=..."
  std::string weights;  // the weights as a weight file (weights.hpp), compared in full
  std::vector<work_unit> units;
};

enum class unit_origin { computed, stored };

struct unit_result {
  std::string data;  // the serialized result (deterministic: equal inputs give equal text)
  unit_origin origin = unit_origin::computed;
  bool verified = false;   // taken from the store and recomputed here with the same data
  bool disagreed = false;  // taken from the store, recomputed here, and the data differ (FAILED)
  std::string rejected;    // the store held it altered (its digest does not match): why; computed here instead (FAILED)
  double seconds = 0;      // measured when it was computed (also for stored units)
  std::uint64_t memory_mb = 0;  // peak resident memory of the process that computed it
};

// How a stage's units were obtained: the report says which values came from the store.
struct unit_provenance {
  long computed = 0, stored = 0, verified = 0, disagreed = 0;
  std::string store;  // the store's path ("" when none)
  // Stored units whose result is impossible for the unit (checked without recomputing: shape, ranks within
  // min(rows, cols) and proven bounds) or whose keyed digest does not match: "unit: why". Never used; the
  // stage is FAILED.
  std::vector<std::string> impossible;
  bool any_stored() const { return stored > 0; }
  bool all_intact() const { return impossible.empty(); }  // a check: FAILED otherwise
  bool all_agree() const { return disagreed == 0; }       // of the units re-ranked (--verify): FAILED otherwise
  void add(const unit_provenance& o) {                    // another batch of the same stage
    computed += o.computed, stored += o.stored, verified += o.verified, disagreed += o.disagreed, store = o.store;
    impossible.insert(impossible.end(), o.impossible.begin(), o.impossible.end());
  }
};

class unit_runner {
 public:
  virtual ~unit_runner() = default;
  // Results in the batch's order. `compute(i)` computes unit i here; every process of a distributed run
  // calls run() with the same batch, in the same order, and gets the same results.
  virtual std::vector<unit_result> run(const unit_batch& batch,
                                       const std::function<std::string(std::size_t)>& compute) = 0;
  virtual std::string store_path() const { return {}; }
  virtual int processes() const { return 1; }  // the processes that share the units (the time estimates divide)
  // A decision every process must take alike (e.g. a wall-clock limit): process 0's value, on every process.
  virtual bool agree(bool value) { return value; }
};

// Computes unit i here, measuring its time and the process's peak memory.
unit_result compute_unit(const std::function<std::string(std::size_t)>& compute, std::size_t i);

// Runs the batch with `runner`, or here in order when it is null; `provenance` counts the origins.
std::vector<unit_result> run_units(unit_runner* runner, const unit_batch& batch,
                                   const std::function<std::string(std::size_t)>& compute,
                                   unit_provenance* provenance = nullptr);

// The stored form of a record that is a unit's result: each such record declares, beside itself,
//   template <> struct unit_schema<R> {
//     static constexpr const char* method;        // its batches' method, e.g. "gram-block"
//     static std::string to_stored(const R&);     // deterministic: equal records give equal text
//     static R from_stored(const std::string&);   // the record again, exactly; throws on text that is not one
//   };
// The store keeps the text, other processes send it; a run and `seprank-sym store` read it back through it.
template <class R>
struct unit_schema;

// A unit's result as its record, with where it came from (`result`: origin, checks, time and memory; its `data` is
// the stored form, empty for a unit computed here without a runner).
template <class R>
struct unit_record {
  R value{};
  unit_result result;
  std::exception_ptr unreadable;  // a result from elsewhere whose text is no record (value is then R{})
  // The record, or the reading's exception for an unreadable one.
  const R& read() const {
    if (unreadable) std::rethrow_exception(unreadable);
    return value;
  }
};

// run_units for a record: a unit computed in this process keeps its record (no round trip through its stored form,
// and without a runner no text at all); one taken from the store or sent by another process is read with
// unit_schema<R>::from_stored, which never throws here (see unit_record::unreadable).
template <class R>
std::vector<unit_record<R>> run_unit_records(unit_runner* runner, const unit_batch& batch,
                                             const std::function<R(std::size_t)>& compute,
                                             unit_provenance* provenance = nullptr) {
  std::vector<std::optional<R>> here(batch.units.size());
  std::vector<unit_result> results = run_units(
      runner, batch,
      [&](std::size_t i) {
        here[i] = compute(i);
        return runner ? unit_schema<R>::to_stored(*here[i]) : std::string();
      },
      provenance);
  std::vector<unit_record<R>> out(results.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    out[i].result = std::move(results[i]);
    if (out[i].result.origin == unit_origin::computed && here[i]) {
      out[i].value = std::move(*here[i]);
      continue;
    }
    try {
      out[i].value = unit_schema<R>::from_stored(out[i].result.data);
    } catch (const std::exception&) {
      out[i].unreadable = std::current_exception();
    }
  }
  return out;
}

}  // namespace seprank
