# Builds the engine the way OpenBench's client and most engine testers
# expect: `make EXE=<name>` writes the release binary to <name> in this
# directory; `make EVALFILE=<path>` embeds that network instead of the
# built-in one (read at compile time); `make TUNE=1` builds the search's
# tuning constants as UCI options. CC, CXX and -j are accepted and left to
# cargo. See docs/scaling.md.

EXE ?= outpost
CARGO ?= cargo
# TUNE=1 builds the search's tuning constants as UCI options (SPSA tunes).
TUNE ?= 0
# The cargo profile: release for OpenBench and users; CI checks the Makefile
# with PROFILE=test, which reuses its test build instead of a release build.
PROFILE ?= release
PROFILE_DIR := $(if $(filter dev test,$(PROFILE)),debug,$(PROFILE))

ifeq ($(TUNE),1)
    FEATURES := --features tune
else
    FEATURES :=
endif

ifeq ($(OS),Windows_NT)
    BUILT := target/$(PROFILE_DIR)/outpost.exe
    SUFFIX := .exe
else
    BUILT := target/$(PROFILE_DIR)/outpost
    SUFFIX :=
endif

ifneq ($(strip $(EVALFILE)),)
    export OUTPOST_EVALFILE := $(abspath $(EVALFILE))
endif

.PHONY: all clean

all:
	$(CARGO) build --profile $(PROFILE) -p outpost-chess --bin outpost $(FEATURES)
	cp $(BUILT) $(EXE)$(if $(filter %$(SUFFIX),$(EXE)),,$(SUFFIX))

clean:
	$(CARGO) clean
