// Inside app/: each subcommand's row of the command table, made in the file of its command (app/commands/, beside its
// derive_*: corollary1 and corollary2 share corollaries.cpp), and what several rows share.
#pragma once
#include <string>

#include "seprank/app/commands.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {

command bounds_command();
command corollary1_command();
command corollary2_command();
command sweep_command();
command audit_command();
command plan_command();
command annihilators_command();
command hessian_ranks_command();
command store_command();

// Help texts of options several rows have, their ranges written from the limits the requests are checked against.
extern const char* const heads_help;  // the closed forms' H
extern const char* const plot_help;   // a plot's file name
std::string width_help();             // the closed forms' d_x
std::string depth_help();             // the closed forms' L
// A range option's: "what: a..b, a,b,c or a (lo..hi[, at most n values][; note])".
std::string range_help(const std::string& what, const range_limits& limits, const std::string& note = "");

// The closed forms' sizes as given to bounds and the corollaries.
atlas_config atlas_of_sizes(long long L, long long dx, long long H);
// The main command's --time-limit for a subcommand whose own default is none: its value when given, else 0.
double time_limit_if_given(const command_requests& r, const command_context& c);
// bounds --N and audit --N: 0 (every balanced N >= 2 d_x + 2) or 2..max_bounds_N; usage_error otherwise.
void validate_bounds_N(long N);

}  // namespace seprank
