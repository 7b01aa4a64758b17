import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The layering of docs/architecture.md is enforced by lint. These probes are files that do not
 * exist, linted as if they stood in a layer: each import that points upward must be an error of
 * the boundary rule, and each allowed one must pass it.
 */
const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports') || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

const cases: { file: string; code: string; refused: boolean }[] = [
  { file: 'src/core/probe.ts', code: "import { useState } from 'react';\nexport const p = useState;\n", refused: true },
  {
    file: 'src/core/probe.ts',
    code: "import { installPageVega } from '../render/page-vega';\nexport const p = installPageVega;\n",
    refused: true,
  },
  {
    file: 'src/core/marks/probe.ts',
    code: "import { saveText } from '../../io/storage';\nexport const p = saveText;\n",
    refused: true,
  },
  { file: 'src/core/probe.ts', code: "import * as vega from 'vega';\nexport const p = vega;\n", refused: true },
  { file: 'src/core/probe.ts', code: 'export const p = () => localStorage.getItem("x");\n', refused: true },
  { file: 'src/core/probe.ts', code: "import type { Spec } from 'vega';\nexport type P = Spec;\n", refused: false },
  {
    file: 'src/core/probe.ts',
    code: "import { MAX_DEPTH } from './limits';\nexport const p = MAX_DEPTH;\n",
    refused: false,
  },
  {
    file: 'src/render/probe.ts',
    code: "import { createElement } from 'react';\nexport const p = createElement;\n",
    refused: true,
  },
  {
    file: 'src/render/probe.ts',
    code: "import { MAX_DEPTH } from '../core/limits';\nexport const p = MAX_DEPTH;\n",
    refused: false,
  },
  {
    file: 'src/io/probe.ts',
    code: "import { installPageVega } from '../render/page-vega';\nexport const p = installPageVega;\n",
    refused: true,
  },
  {
    file: 'src/components/probe.tsx',
    code: "import { saveText } from '../io/storage';\nexport const p = saveText;\n",
    refused: true,
  },
  {
    file: 'src/components/probe.tsx',
    code: "import * as v from '../render/vega-internals';\nexport const p = v;\n",
    refused: true,
  },
  {
    file: 'src/workers/probe.ts',
    code: "import { createElement } from 'react';\nexport const p = createElement;\n",
    refused: true,
  },
];

describe('layers (lint)', () => {
  for (const { file, code, refused } of cases) {
    const what = code.split('\n')[0];
    it(`${refused ? 'refuses' : 'allows'} in ${file}: ${what}`, async () => {
      const errors = await boundaryErrors(file, code);
      if (refused) expect(errors.length).toBeGreaterThan(0);
      else expect(errors).toEqual([]);
    }, 30_000);
  }
});
