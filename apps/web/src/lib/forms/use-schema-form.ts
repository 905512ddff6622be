import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * Every form of the portal starts here: validation by the shared zod schema (the same the server applies), and
 * focus left to the form's error summary, which takes it after a failed submit (form-kit.tsx ErrorSummary) —
 * so no form decides focus on its own. See docs/decisions/017-the-house.md.
 */
export function useSchemaForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<
    UseFormProps<z.input<S>, unknown, z.output<S>>,
    'resolver' | 'shouldFocusError'
  > = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    // The resolver's overloads cannot follow a generic schema; the types above pin input and output.
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    shouldFocusError: false,
  });
}
