/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the policy parser: the state and the YAML helpers that
 * policy.c (the file's keys), policy_cond.c (a rule's conditions) and
 * policy_check.c (what the rules mean together) share. Not an API.
 */
#ifndef WMIBPF_POLICY_PARSE_H
#define WMIBPF_POLICY_PARSE_H

#include <yaml.h>

#include "policy.h"

struct parse_ctx {
	const char *path;
	yaml_document_t *doc;
	struct policy *p;
	const struct policy_names *names;	/* or NULL */
	char *err;		/* the first error, "FILE:LINE:COLUMN: message" */
};

/* Record the first error at node n (or at the start when n is NULL); -EINVAL. */
__attribute__((format(printf, 3, 4)))
int parse_fail(struct parse_ctx *c, const yaml_node_t *n, const char *fmt, ...);

/* A scalar's text, or NULL for any other node. */
const char *parse_scalar(const yaml_node_t *n);

/* "a value", "a list", "a mapping": what n is, for messages. */
const char *parse_kind(const yaml_node_t *n);

int parse_expect_scalar(struct parse_ctx *c, const yaml_node_t *n, const char *what);

/*
 * A number, decimal or after 0x, never with a leading zero: 0, -EINVAL
 * with the error recorded, or -ERANGE (not a number of 64 bits at most)
 * for the caller to say what range it wanted.
 */
int parse_number(struct parse_ctx *c, const yaml_node_t *n, const char *what, uint64_t *v);

/*
 * Walk a mapping: call fn for each key, after checking keys are known
 * (from the NULL-terminated list `keys`) and not repeated.
 */
typedef int (*key_fn)(struct parse_ctx *c, const char *key, yaml_node_t *k, yaml_node_t *v,
		      void *arg);
int parse_walk_mapping(struct parse_ctx *c, yaml_node_t *map, const char *what,
		       const char *const *keys, key_fn fn, void *arg);

/* The value of key in a mapping, or NULL. */
const yaml_node_t *parse_lookup(struct parse_ctx *c, yaml_node_t *map, const char *key);

struct bmof_method;

/* The rule's method, when named (method: Class.Method): its fields may say arg: Name. */
struct cond_method {
	const struct bmof_method *m;
	const char *name;	/* "Class.Method", for messages */
};

/*
 * policy_cond.c: a rule's `input:`, `min_size:` and `cap:` keys; cm is
 * the rule's method (its m NULL when not named by its class), or NULL for
 * a set rule, whose fields are of the block's data.
 */
int parse_cond_input(struct parse_ctx *c, yaml_node_t *n, const struct cond_method *cm,
		     struct policy_rule *r);
int parse_cond_min_size(struct parse_ctx *c, yaml_node_t *n, struct policy_rule *r);
int parse_cond_caps(struct parse_ctx *c, yaml_node_t *n, struct policy_rule *r);

/*
 * policy_check.c: refuse rules that can never decide a call (the same
 * calls as an earlier rule, or behind one that takes all of theirs) and
 * more gids than the program checks.
 */
int check_rules(struct parse_ctx *c, const yaml_node_t *list);

#endif
