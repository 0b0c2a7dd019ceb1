#include "seprank/run/scheduler.hpp"

#include <algorithm>
#include <chrono>
#include <atomic>
#include <exception>
#include <mutex>
#include <numeric>
#include <thread>

#include <nlohmann/json.hpp>

#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {

namespace {

enum tag : int { tag_result = 1, tag_work = 2 };

// Messages travel as CBOR, a unit's data as a byte string (a grid band's values are binary).
std::string encode(const nlohmann::json& j) {
  const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(j);
  return {bytes.begin(), bytes.end()};
}
nlohmann::json decode(const std::string& s) { return nlohmann::json::from_cbor(s.begin(), s.end()); }

nlohmann::json json_of(const unit_result& r) {
  return {{"data", nlohmann::json::binary(std::vector<std::uint8_t>(r.data.begin(), r.data.end()))},
          {"stored", r.origin == unit_origin::stored},
          {"verified", r.verified},
          {"disagreed", r.disagreed},
          {"rejected", r.rejected},
          {"seconds", r.seconds},
          {"memory_mb", r.memory_mb}};
}

unit_result result_of(const nlohmann::json& j) {
  unit_result r;
  const auto& bytes = j.at("data").get_binary();
  r.data.assign(bytes.begin(), bytes.end());
  r.origin = j.at("stored").get<bool>() ? unit_origin::stored : unit_origin::computed;
  j.at("verified").get_to(r.verified), j.at("disagreed").get_to(r.disagreed), j.at("rejected").get_to(r.rejected);
  j.at("seconds").get_to(r.seconds), j.at("memory_mb").get_to(r.memory_mb);
  return r;
}

// k of the indices, drawn without replacement by a generator seeded with `seed` (all of them when k >= their number).
std::vector<std::size_t> draw_sample(std::vector<std::size_t> from, long k, std::uint64_t seed) {
  splitmix64 rng{seed};
  for (std::size_t i = 0; i + 1 < from.size(); ++i) std::swap(from[i], from[i + rng.next() % (from.size() - i)]);
  from.resize(std::min(from.size(), static_cast<std::size_t>(std::max(0L, k))));
  return from;
}

}  // namespace

scheduler::scheduler(const scheduler_options& o, const process_group& group) : options_(o), group_(group) {
  if (group_.root() && !o.store.empty()) store_ = std::make_unique<results_store>(o.store, true, o.time_limit);
}

bool scheduler::agree(bool value) {
  if (group_.size() == 1) return value;
  return group_.broadcast(value ? "1" : "0") == "1";
}

// One batch: its results (out), the units process 0 hands out (pending, in that order) and those it re-computes to
// check a stored value (checking). finished() records a unit finished here or elsewhere, under mu.
struct scheduler::batch_state {
  const unit_batch& batch;
  results_store* store;
  std::vector<unit_result> out;
  std::vector<std::size_t> pending;
  std::vector<bool> checking;
  std::mutex mu;

  batch_state(const unit_batch& b, results_store* s)
      : batch(b), store(s), out(b.units.size()), checking(b.units.size(), false) {}
  void finished(std::size_t i, unit_result r) {
    if (checking[i]) {
      out[i].verified = r.data == out[i].data;
      out[i].disagreed = !out[i].verified;  // the stored value is kept and shown; the step is FAILED
      return;
    }
    std::string rejected = std::move(out[i].rejected);
    out[i] = std::move(r);
    out[i].rejected = std::move(rejected);
    if (store && out[i].rejected.empty()) store->put(batch, i, out[i]);  // an altered unit stays as evidence
  }
};

std::vector<unit_result> scheduler::run(const unit_batch& batch,
                                        const std::function<std::string(std::size_t)>& compute) {
  batch_state b(batch, store_.get());
  if (group_.root()) take_stored(b);
  if (group_.size() == 1)
    run_alone(b, compute);
  else if (group_.root())
    run_root(b, compute);
  else
    run_worker(b, compute);
  return std::move(b.out);
}

void scheduler::take_stored(batch_state& b) const {
  const std::size_t n = b.out.size();
  std::vector<std::size_t> stored;
  for (std::size_t i = 0; i < n; ++i)
    if (store_)
      if (auto s = store_->find(b.batch, i)) {
        if (!s->rejected.empty()) {  // its digest does not match: never used, recomputed here
          b.out[i].rejected = s->rejected;
          continue;
        }
        b.out[i].data = s->data, b.out[i].origin = unit_origin::stored;
        b.out[i].seconds = s->seconds, b.out[i].memory_mb = s->memory_mb;
        stored.push_back(i);
      }
  for (const std::size_t i :
       draw_sample(stored, options_.verify, splitmix_hash(options_.seed ^ std::hash<std::string>{}(b.batch.method))))
    b.checking[i] = true;
  for (std::size_t i = 0; i < n; ++i)
    if (b.out[i].origin == unit_origin::computed || b.checking[i]) b.pending.push_back(i);
  if (group_.size() > 1)  // largest estimate first (LPT); one process keeps the batch's order
    std::stable_sort(b.pending.begin(), b.pending.end(),
                     [&](std::size_t x, std::size_t y) { return b.batch.units[x].seconds > b.batch.units[y].seconds; });
}

void scheduler::run_alone(batch_state& b, const std::function<std::string(std::size_t)>& compute) {
  for (const std::size_t i : b.pending) b.finished(i, compute_unit(compute, i));
}

void scheduler::run_root(batch_state& b, const std::function<std::string(std::size_t)>& compute) {
  std::size_t next = 0;
  std::atomic<bool> draining{false};  // process 0 stopped (time limit, Ctrl-C): hand out nothing more
  auto take = [&]() -> long {         // under mu
    return !draining && next < b.pending.size() ? static_cast<long>(b.pending[next++]) : -1;
  };
  std::exception_ptr failure;
  // The other processes ask for work from this thread (the only one calling MPI during the batch). It ends when
  // every other process has been told there is no more work, so that all of them reach the broadcast below.
  std::thread dispatcher([&] {
    try {
      for (int active = group_.size() - 1; active > 0;) {
        if (!group_.probe(-1, tag_result)) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
          continue;
        }
        int from = 0;
        const nlohmann::json msg = decode(group_.receive(-1, tag_result, &from));
        long give;
        {
          const std::lock_guard<std::mutex> lock(b.mu);
          if (msg.at("unit").get<long>() >= 0)
            b.finished(msg.at("unit").get<std::size_t>(), result_of(msg.at("result")));
          give = take();
        }
        group_.send(from, tag_work, std::to_string(give));
        if (give < 0) --active;
      }
    } catch (...) {
      failure = std::current_exception();
    }
  });
  std::exception_ptr stopped;  // this process's own stop, shared with the others below
  try {
    for (;;) {
      long i;
      {
        const std::lock_guard<std::mutex> lock(b.mu);
        i = take();
      }
      if (i < 0) break;
      unit_result r = compute_unit(compute, static_cast<std::size_t>(i));
      const std::lock_guard<std::mutex> lock(b.mu);
      b.finished(static_cast<std::size_t>(i), std::move(r));
    }
  } catch (...) {
    stopped = std::current_exception();
    draining = true;
  }
  dispatcher.join();
  if (failure) process_group::abort(exit_internal);  // the messages themselves failed: nothing can be agreed on
  // Every process leaves the batch the same way: with the results, or with process 0's stop, so that all of
  // them take the same path afterwards (a stage stopped by the time limit is stopped everywhere).
  std::string status = "ok";
  if (stopped) try {
      std::rethrow_exception(stopped);
    } catch (const time_limit_reached&) {
      status = "time_limit";
    } catch (const interrupted&) {
      status = "interrupted";
    } catch (...) {
      status = "error";
    }
  nlohmann::json all = nlohmann::json::array();
  for (const auto& r : b.out) all.push_back(json_of(r));
  group_.broadcast(encode(nlohmann::json{{"status", status}, {"results", std::move(all)}}));
  if (stopped) std::rethrow_exception(stopped);
}

void scheduler::run_worker(batch_state& b, const std::function<std::string(std::size_t)>& compute) {
  try {
    nlohmann::json done = {{"unit", -1}};
    for (;;) {
      group_.send(0, tag_result, encode(done));
      const long i = std::stol(group_.receive(0, tag_work));
      if (i < 0) break;
      done = {{"unit", i}, {"result", json_of(compute_unit(compute, static_cast<std::size_t>(i)))}};
    }
  } catch (const interrupted&) {  // a unit that cannot finish here ends the whole run (process 0 would wait for it)
    process_group::abort(exit_interrupted);
  } catch (...) {
    process_group::abort(exit_internal);
  }
  const nlohmann::json msg = decode(group_.broadcast(std::string()));
  const std::string status = msg.at("status").get<std::string>();
  if (status == "time_limit") throw time_limit_reached();
  if (status == "interrupted") throw interrupted();
  if (status != "ok") throw std::runtime_error("process 0 stopped during a batch of units");
  for (std::size_t i = 0; i < b.out.size(); ++i) b.out[i] = result_of(msg.at("results").at(i));
}

}  // namespace seprank
