// SPDX-License-Identifier: GPL-2.0
/* What needs CAP_SYS_RAWIO at load (rawio.h). */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "policy.h"
#include "rawio.h"
#include "wmi_policy.h"

#define CAP_SYS_RAWIO_BIT	17

bool rawio_have(const char *status)
{
	unsigned long long eff = 0;
	char line[256];
	bool found = false;
	FILE *f = fopen(status, "r");

	if (!f)
		return true;	/* cannot tell: let the kernel decide */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1) {
			found = true;
			break;
		}
	fclose(f);
	return !found || (eff >> CAP_SYS_RAWIO_BIT) & 1;
}

unsigned int rawio_policy_rule(const struct policy *p)
{
	size_t i;

	for (i = 0; i < p->nr_rules; i++)
		if (p->rules[i].action == WMI_ACTION_EMULATE || p->rules[i].action == WMI_ACTION_RAW)
			return p->rules[i].line;
	return 0;
}

/* The kfuncs wmi_bpf_may_alter() guards in the kernel (wmi-bpf-kfuncs.c). */
static const char *const altering[] = {
	"bpf_wmi_rewrite_input", "bpf_wmi_set_output", "bpf_wmi_allow_raw",
	"bpf_wmi_driver_update",
};

const char *rawio_object_kfunc(const struct bpf_object *obj)
{
	const struct btf *btf = bpf_object__btf(obj);
	size_t i;

	/* A kfunc a program calls is an extern FUNC in the object's BTF. */
	for (i = 0; btf && i < sizeof(altering) / sizeof(altering[0]); i++)
		if (btf__find_by_name_kind(btf, altering[i], BTF_KIND_FUNC) > 0)
			return altering[i];
	return NULL;
}
