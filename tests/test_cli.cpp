// End-to-end tests of the seprank-sym executable: exit statuses and messages.
#include "cli_helpers.hpp"

using namespace seprank_cli_test;

TEST_CASE("--help and --version") {
  const auto h = run("--help");
  CHECK(h.status == 0);
  CHECK(contains(h.out, "--dx"));
  CHECK(contains(h.out, "Exit status"));
  const auto v = run("--version");
  CHECK(v.status == 0);
  CHECK(contains(v.out, "seprank-sym"));
}

TEST_CASE("the default run of the README: every structure check verified, and the certified rank") {
  const auto r = run("--L 2 --dx 4 --quiet");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "positions N = 4"));
  CHECK(has_value(r.out, "terms", "172380"));
  CHECK(contains(r.out, "Homogeneity  [verified]"));
  CHECK(contains(r.out, "Index structure (eq. 4)  [verified]"));
  CHECK(contains(r.out, "Gram form (docs/theory.md, section 3)  [verified]"));
  CHECK(has_value(r.out, "regime", "Theorem 2 (L > log_3 d_x: depth inefficiency)"));
  // Hand bound: sum_k min(d_x * multichoose(D, C-k), multichoose(D, k)) with D = 10, C = 4:
  // min(4*715, 1) + min(4*220, 10) + min(4*55, 55) + min(4*10, 220) + min(4, 715) = 1+10+55+40+4 = 110.
  CHECK(has_value(r.out, "sep", "110"));
  CHECK(contains(r.out, "= exact (certified:"));
  CHECK(contains(r.out, "= 110 (the sum over the degree blocks) at up to s = t = 63 random points"));
  // Degree block k = 2 of the grid: rank multichoose(10, 2) = 55 on 55 + 8 points, meeting the Gram block.
  CHECK(contains(r.out, "k = 2: 63 x 63 points, rank 55 = bound (exact) [Gram count]"));
  CHECK(has_value(r.out, "Gram rank", "110"));
  CHECK(contains(r.out, "N = 4: sep >= 110 = Gram rank (exact)"));
  // dim V = d_x * multichoose(10, 4) = 4 * 715 = 2860.
  CHECK(has_value(r.out, "dim V by formula", "2860 = d_x * multichoose(D, C)"));
  CHECK_FALSE(contains(r.out, "[FAILED]"));
}

TEST_CASE("bad input: one line, naming the value and the range, exit status 2") {
  expect_usage_errors({
      {"--L 0", "L = 0 is out of range: the depth must satisfy 1 <= L <= 8"},
      {"--dx 0", "dx = 0 is out of range"},
      {"--dx -2", "dx = -2 is out of range"},
      {"--dx 4 --H 3", "H = 3 does not divide dx = 4"},
      {"--N 1", "N = 1 is out of range: the number of positions must satisfy 2 <= N <= 64"},
      {"--position 7", "position = 7 is out of range"},
      {"--entry 9", "entry = 9 is out of range"},
      {"--L two", "--L = two is not a valid number for this option"},
      {"--L 2 --dx 4 --H 9223372036854775807", "--H = 9223372036854775807 is out of range for this option"},
      {"--L 2 --dx 4 --H 1.5", "--H = 1.5 is not a valid number for this option"},
      // unsigned limits: "-1" used to wrap to 2^64 - 1, i.e. no limit at all
      {"--L 2 --dx 4 --max-terms -1",
       "max-terms = -1 is out of range: must be an integer in 0 .. 18446744073709551615"},
      {"--L 2 --dx 4 --max-memory -5", "max-memory = -5 is out of range"},
      {"--L 2 --dx 4 --max-g-terms -1", "max-g-terms = -1 is out of range"},
      {"--L 2 --dx 4 --max-symbolic-terms -1", "max-symbolic-terms = -1 is out of range"},
      {"--L 2 --dx 4 --max-gram-terms -1", "max-gram-terms = -1 is out of range"},
      {"--L 2 --dx 4 --max-dense-entries -1", "max-dense-entries = -1 is out of range"},
      {"--L 2 --dx 4 --max-exact-entries -1", "max-exact-entries = -1 is out of range"},
      {"plan --L 2 --dx 4 --node-memory -1", "node-memory = -1 is out of range"},
      {"--frobnicate", "frobnicate"},
      {"--weights /nonexistent.txt", "weight file /nonexistent.txt: cannot be opened"},
      {"--weight-range 0", "weight-range = 0 is out of range"},
      {"--L", "--L"},
      {"plan --np 0", "np = 0 is out of range: must satisfy 1 <= np <= 100000"},
      {"plan --L 2 --dx 4 --H 3", "H = 3 does not divide dx = 4"},
      {"plan --L 2 --dx 2 --residual",
       "plan: the residual network's Gram rank is one expansion, not independent blocks"},
  });
}

TEST_CASE("too large: refused before expanding, exit status 3, with the estimate and the option") {
  auto r = run("--L 3 --dx 4 --structure-only --quiet");
  CHECK(r.status == 3);
  CHECK(contains(r.out, "--max-terms"));
  CHECK(lines(r.out) == 1);
  r = run("--L 2 --dx 4 --max-terms 1000 --structure-only --quiet");
  CHECK(r.status == 3);
  CHECK(contains(r.out, "dimension more than 1000"));
  r = run("--L 8 --dx 1 --N 2 --structure-only --quiet");
  CHECK(r.status == 3);
  CHECK(contains(r.out, "--time-limit"));
  r = run("--L 2 --dx 2 --weights symbolic --quiet");
  CHECK(r.status == 3);
  CHECK(contains(r.out, "--max-symbolic-terms"));
  // The full derivation skips an expansion that is too large, but not a Gram form that is too large.
  r = run("--L 5 --dx 4 --quiet");
  CHECK(r.status == 3);
  CHECK(contains(r.out, "Gram form"));
  CHECK(lines(r.out) == 1);
}

TEST_CASE("an explicit partition") {
  const auto r = run("--L 2 --dx 2 --partition '1,3|2,4' --quiet");
  CHECK(r.status == 0);
  CHECK(has_value(r.out, "partition", "A = {1,3} | B = {2,4}"));
}

TEST_CASE("--kernel prints checked relations; --all-partitions and --seeds") {
  auto r = run("--L 1 --dx 1 --N 4 --kernel --quiet");
  CHECK(r.status == 0);
  // y = c x1 (x1^2 + x2^2 + x3^2 + x4^2): the B-side functions multiplying x3^2 and x4^2 coincide.
  CHECK(contains(r.out, "phi[x3_1^2] - phi[x4_1^2] = 0"));
  r = run("--L 2 --dx 2 --N 4 --all-partitions --seeds 2 --quiet");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "Proposition 1: every balanced partition  [verified]"));
  CHECK(contains(r.out, "A = {1,4} | B = {2,3}"));
  CHECK(contains(r.out, "seed 2:"));
}

TEST_CASE("without the expansion: grid rank and Gram rank bracket sep, and the Gram form is checked by evaluation") {
  const auto r = run("--L 2 --dx 3 --N 4 --max-terms 1000 --quiet");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "[skipped]"));
  CHECK(contains(r.out, "without the expansion  [verified]"));
  // Never only "computed": the identity is checked at random points mod p.
  CHECK(contains(r.out, "Step 5 (gram-form). Gram form (docs/theory.md, section 3)  [probabilistic]"));
  CHECK(contains(r.out, "(A_L(M) x^i)_p vs the forward pass = equal at 4 random points mod p"));
  CHECK(contains(r.out, "checked at 4 random points mod p, error <= "));
  CHECK_FALSE(contains(r.out, "verified above"));
}

TEST_CASE("without the expansion, no step is more certain than the probabilistic Gram form it rests on") {
  const auto j = nlohmann::ordered_json::parse(run("--L 2 --dx 3 --N 4 --max-terms 1000 --format json --quiet").out);
  std::map<std::string, std::string> status;
  for (const auto& s : j.at("steps")) status[s.at("id")] = s.at("status");
  REQUIRE(status["gram-form"] == "probabilistic");
  CHECK(status["gram-rank"] == "probabilistic");  // computed from the Gram form
  for (const auto& s : j.at("steps"))
    for (const auto& id : s.at("rests_on")) {
      CAPTURE(s.at("id").get<std::string>());
      CHECK(status.count(id.get<std::string>()) == 1);
      if (status[id] == "probabilistic") CHECK(s.at("status") == "probabilistic");
    }
  // sep(4) = 49 here is certified by the grid's blocks meeting proven counts (monomials, Gram count), which
  // do not rest on the computed Gram form: the certificate names them, not 'grid-tensor rank = Gram rank'.
  const auto& sep = j.at("results").at("separation_rank");
  CHECK(sep.at("value") == 49);
  CHECK(sep.at("exact") == true);
  CHECK(sep.at("certificate") == "every degree block of the grid meets its proven upper bound (step grid-rank)");
  CHECK(status["separation-rank"] == "verified");
  for (const auto& f : j.at("results").at("findings")) {
    const bool on_gram = !f.at("rests_on").empty();
    CHECK(f.at("certainty") == (on_gram ? "probabilistic" : "certain"));
  }
}

TEST_CASE("bad rank options: one line, exit status 2") {
  expect_usage_errors(
      {
          {"--partition '1,2|2,3'", "position 2 appears twice"},
          {"--partition '1,2|3'", "position 4 is missing"},
          {"--partition '1,x|3,4'", "'x' is not a position"},
          {"--N 5 --all-partitions", "N = 5 does not allow --all-partitions"},
          {"--seeds 0", "seeds = 0 is out of range"},
          {"--structure-only --partition '1,2|3,4'", "--structure-only excludes --partition"},
          {"--certificate /proc/nope/x", "cannot be created or written"},
          {"--structure-only --certificate /tmp/x", "--structure-only excludes --certificate"},
      },
      " --quiet");
}

TEST_CASE("--rank is gone: a usage error") {
  const auto r = run("--L 2 --dx 2 --rank");
  CHECK(r.status == 2);
  CHECK(contains(r.out, "--rank"));
  CHECK(lines(r.out) == 1);
}

TEST_CASE("bad limits and counts: one line, exit status 2") {
  expect_usage_errors(
      {
          {"--time-limit 0", "time-limit = 0 is out of range: must be > 0"},
          {"--max-terms 0", "max-terms = 0 is out of range"},
          {"--threads 0", "threads = 0 is out of range"},
          {"--threads 30000",
           "threads = 30000 is out of range: must satisfy 1 <= threads <= 64"},  // refused before FLINT starts any
          {"bounds --L 2 --dx 4 --threads 30000", "threads = 30000 is out of range"},
          {"--max-grid-points 4", "max-grid-points = 4 is out of range"},
          {"--basis-limit -1", "basis-limit = -1 is out of range"},
          {"--kernel-limit -1", "kernel-limit = -1 is out of range"},
          {"--weight-range -5", "weight-range = -5 is out of range"},
          {"--seed -1", "seed = -1 is out of range: must be an integer in 0 .. 18446744073709551615"},
          {"--seed abc", "seed = abc is not an integer"},
          {"--seed 18446744073709551616", "seed = 18446744073709551616 is out of range"},
          {"corollary2 --L 12 --dx 64 --max-beta2 0", "max-beta2 = 0 is out of range"},
      },
      " --quiet");
}

TEST_CASE("bad subcommand input: one line, exit status 2") {
  expect_usage_errors(
      {
          {"bounds --L 0", "L = 0 is out of range"},
          {"bounds --dx 0", "dx = 0 is out of range"},
          {"bounds --dx 4 --H 5", "H = 5 is out of range"},
          {"corollary1 --L 6 --dx 1000 --H 16 --shallow 6", "shallow depth 6 is out of range"},
          {"sweep --dx 3..1", "--dx = 3..1: the range is empty"},
          {"sweep --L x", "--L = x: 'x' is not an integer"},
          {"sweep --L 1..9", "--L = 1..9: out of range"},
          {"sweep --N 1", "N = 1 is out of range"},
          {"--format pdf", "format = pdf is not one of text, markdown, latex, latex-fragment, json"},
          {"bounds --dx 4 --format pdf", "format = pdf is not one of"},
          // A main-command option a subcommand does not read is refused, never accepted and ignored (issue 49).
          {"bounds --L 2 --dx 4 --partition '1,3|2,4'", "--partition applies to the main command, not to bounds"},
          {"plan --L 3 --dx 4 --weights symbolic", "--weights applies to the main command, not to plan"},
          {"audit --L 2 --dx 4 --seed 3", "--seed applies to the main command, not to audit"},
          {"corollary1 --kernel", "--kernel applies to the main command, not to corollary1"},
          {"hessian-ranks --level 1 --d 2 --N 6", "--N applies to the main command, not to hessian-ranks"},
          {"--seed 3 bounds --L 2 --dx 4", "--seed applies to the main command, not to bounds"},
          // A subcommand's own option given before it is the main command's: said so, with where it goes.
          {"--L 3 plan",
           "--L before plan is the main command's option; plan's own --L goes after it: seprank-sym plan --L ..."},
          // The same where the subcommand reads every main option (sweep) or has its own of an output option's name
          // (plan).
          {"--L 1 sweep --dx 1",
           "--L before sweep is the main command's option; sweep's own --L goes after it: seprank-sym sweep --L ..."},
          {"--N 6 sweep --dx 1 --L 1", "--N before sweep is the main command's option; sweep's own --N goes after it"},
          {"--threads 2 plan",
           "--threads before plan is the main command's option; plan's own --threads goes after it"},
          // A main option sweep's rows do not read: refused, never ignored.
          {"sweep --dx 1 --L 1 --seeds 2",
           "sweep: not a sweep option: --seeds (each row ranks the one draw of --seed)"},
          {"sweep --dx 1 --L 1 --residual", "sweep: not a sweep option: --residual"},
          {"sweep --dx 1 --L 1 --entry 2", "sweep: not a sweep option: --position, --entry"},
          {"sweep --dx 1 --L 1 --kernel", "sweep: not a sweep option: --kernel"},
          {"sweep --dx 1 --L 1 --weights symbolic", "sweep: not a sweep option: --weights symbolic"},
          {"sweep --dx 1 --L 1 --position 2", "sweep: not a sweep option: --position, --entry"},
          {"sweep --dx 1 --L 1 --all-partitions", "sweep: not a sweep option: --all-partitions"},
          {"sweep --dx 1 --L 1 --basis", "sweep: not a sweep option: --basis"},
          {"sweep --dx 1 --L 1 --basis-limit 3", "sweep: not a sweep option: --basis-limit"},
          {"sweep --dx 1 --L 1 --print-polynomial", "sweep: not a sweep option: --print-polynomial"},
          {"sweep --dx 1 --L 1 --timings", "sweep: not a sweep option: --timings"},
      },
      " --quiet");
}

TEST_CASE("the output options work before a subcommand (they are both's)") {
  const result r = run("--format json --width 80 bounds --L 2 --dx 4 --quiet");
  REQUIRE(r.status == 0);
  CHECK(nlohmann::json::parse(r.out)["config"]["L"] == 2);
  CHECK(contains(r.out, "\"title\": \"seprank-sym bounds: "));
  CHECK(run("--format json sweep --dx 1 --L 1 --quiet").status == 0);
}

TEST_CASE("Ctrl-C stops a long computation cleanly: exit status 130 and a message") {
  // L = 3, d_x = 3 runs for about 25 s; SIGINT after 2 s.
  const auto r =
      run_command("timeout --preserve-status -s INT 2 " + executable() + " --L 3 --dx 3 --quiet 2>&1 >/dev/null");
  CHECK(r.status == 130);
  CHECK(contains(r.out, "interrupted by the user (SIGINT); stopped cleanly"));
}

TEST_CASE("progress: each long stage's line on stderr carries a time estimate, stdout none") {
  const auto err = run_command(executable() + " --L 3 --dx 3 --max-grid-points 64 --time-limit 3000 2>&1 > /dev/null");
  REQUIRE(err.status == 0);
  CHECK(contains(err.out, "computing the Gram rank (N -> infinity) block by block, estimated "));
  CHECK(contains(err.out, "points per degree block, 14 scalings each, estimated at most "));  // C + 1 = 14 at L = 3
  CHECK(contains(err.out, "following sep(N) for N = 2, 4, ... up to the Gram rank (at most 3000 s, --time-limit)"));
  const auto out = run_command(executable() + " --L 3 --dx 3 --max-grid-points 64 --time-limit 3000 2> /dev/null");
  CHECK_FALSE(contains(out.out, "seprank-sym: computing"));
  CHECK_FALSE(contains(out.out, "estimated"));
}

TEST_CASE(
    "nothing silently replaced: an empty path is refused; symbolic weights are honoured or refused, never swapped") {
  for (const char* args :
       {"--L 2 --dx 3 --certificate ''", "--L 2 --dx 3 --store ''", "audit --plot ''", "sweep --plot ''"}) {
    const result r = run(args);
    CAPTURE(args);
    CHECK(r.status == 2);
    CHECK(contains(r.out, "needs a path; an empty one was given"));
  }
  // L = 3, d_x = 3 expands past --max-terms: the run used to continue with the random draw instead (exit 0).
  const result s = run("--L 3 --dx 3 --weights symbolic --quiet");
  CHECK(s.status == 3);
  CHECK(contains(s.out, "--weights symbolic needs the exact expansion, which is refused here"));
}

TEST_CASE("--all-partitions or --seeds over --max-terms: refused by the limit, exit status 3 (not a usage error)") {
  for (const char* opt : {"--all-partitions", "--seeds 2"}) {
    const result r = run(std::string("--L 2 --dx 4 --N 4 --max-terms 10 --quiet ") + opt);
    CAPTURE(opt);
    CHECK(r.status == 3);
    CHECK(contains(r.out, "needs the expansion, which was skipped"));
    CHECK(contains(r.out, "(limit --max-terms 10)"));
  }
}

TEST_CASE("--max-memory sizes the grid tensors to fit, and says so (issue 49: a 20 MiB cap peaked at 160 MiB)") {
  // L = 3, d_x = 3: 1024 points need an estimated 144 MiB (test_estimates), 256 fit in 40; the side bounds' relation
  // matrices (up to 160 MB) are not tried over the cap. The peak itself is a benchmark's business, not a test's.
  const result r = run("--L 3 --dx 3 --max-memory 40 --quiet --time-limit 3000");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "the point limit set by the memory estimate was reached (raise --max-memory)"));
  const result whole = run("--L 2 --dx 2 --max-memory 40 --quiet");
  CHECK(whole.out == run("--L 2 --dx 2 --quiet").out);  // a small configuration is not changed by the cap
}

TEST_CASE("the grid names the limit that capped it: --max-grid-points when its power of two is the cap") {
  // 12 points allow 8 (a power of two); the time estimate allows more. It said "set by the time estimate".
  const result r = run("--L 2 --dx 4 --max-grid-points 12 --quiet");
  CHECK(contains(r.out, "the point limit was reached (raise with --max-grid-points)"));
  CHECK_FALSE(contains(r.out, "set by the time estimate"));
}

TEST_CASE("all-zero weights: the zero network is said as such, no check of ours FAILED (issue 49)") {
  const std::string zero = temp_path("zero-weights.txt");
  std::ofstream(zero) << "WQ 1 1\n0\nWK 1 1\n0\nWV 1 1\n0\nWO 1 1\n0\n";
  const result r = run("--L 1 --dx 1 --N 2 --quiet --weights " + zero);
  CHECK(r.status == 0);
  CHECK(
      contains(r.out, "The network at these weights: y_p = 0 (the zero polynomial): every rank of these weights is 0"));
  CHECK(contains(r.out, "Step 5 (homogeneity). Homogeneity  [computed]"));
  CHECK_FALSE(contains(r.out, "FAILED]"));
  // With the residual connection the same weights give y_p = x^i_p: degree 1, odd and below 3^L = 3, and its
  // degree-3 part (zero) is the plain network's (zero). It was FAILED, the check asking for a term of degree 3^L.
  const result res = run("--L 1 --dx 1 --N 2 --quiet --residual --weights " + zero);
  CHECK(res.status == 0);
  CHECK(contains(res.out, "Degrees with the residual connection  [verified]"));
  CHECK(contains(res.out, "1 .. 1 (all odd)"));
  CHECK_FALSE(contains(res.out, "FAILED]"));
  std::remove(zero.c_str());
}

TEST_CASE("a reader that closes the pipe early: exit status 6 with one line, not death by SIGPIPE (141)") {
  // The audit's text (about 1 MB) cannot fit in a pipe's buffer, so the write meets the closed pipe whatever the
  // timing.
  const result r = run_command("bash -c '" + executable() + " audit --L 1..20 --dx 1..500 --quiet 2>" +
                               temp_path("pipe.err") + " | head -c 1 > /dev/null; echo status=${PIPESTATUS[0]}'");
  CHECK(contains(r.out, "status=6"));
  CHECK(contains(read_file(temp_path("pipe.err")), "writing the output to standard output failed"));
  std::remove(temp_path("pipe.err").c_str());
}

TEST_CASE("integers in decimal only, and --partition '' refused (hex and empty values were read silently)") {
  expect_usage_errors(
      {{"--L 0x2 --dx 4", "--L = 0x2 is not a decimal integer"},
       {"bounds --L 2 --dx 4 --N 0x10", "--N = 0x10 is not a decimal integer"},
       {"--L 2 --dx 0b11", "--dx = 0b11 is not a decimal integer"},
       {"--L 2 --dx 4 --partition ''", "--partition needs a partition A|B"},
       // beyond 64 bits: the value as given, never a saturated 9223372036854775807 (issue 49)
       {"bounds --L 2 --dx 4 --H 99999999999999999999", "99999999999999999999 is out of range for this option"}});
  CHECK(run("--L 2 --dx 4 --structure-only --quiet").status == 0);  // decimal values still read
  // --help keeps its columns: an exclusion goes with the description, not into the option column.
  const result help = run("--help");
  CHECK_FALSE(contains(help.out, "Excludes:"));
  CHECK(contains(help.out, "(not with --structure-only)"));
}
