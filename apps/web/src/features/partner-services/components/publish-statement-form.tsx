import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert, Button } from '@pca/ui';
import { RichTextEditor } from '@pca/ui/input-fields/rich-text-editor.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  partnerServiceConstants as c,
  partnerServiceMessages as m,
  PublishStatement,
  type PartnerServiceDetail,
} from '@pca/contracts';
import { ErrorSummary, FormTextField } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { usePublishStatement } from '../api/partner-services.ts';

const fieldId = (name: string) => `statement-${name}`;

/** Publishes a new version of the partner's information use statement (rich text, sanitised by the server). */
export function PublishStatementForm({ partner }: { partner: PartnerServiceDetail }) {
  const publish = usePublishStatement(partner.id);
  const [done, setDone] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const form = useSchemaForm(PublishStatement, {
    defaultValues: { title: partner.statements[0]?.title ?? '', content: '' },
  });
  return (
    <form
      noValidate
      aria-labelledby="publish-statement"
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          const answer = await publish.mutateAsync(values).catch(() => null);
          if (answer) {
            setDone(m.published(answer.statement.version, answer.organisationsToAccept));
            form.reset({ title: values.title, content: '' });
            setRound((n) => n + 1);
          }
        })(event)
      }
    >
      <Stack gap={1.5}>
        <h3 id="publish-statement" style={{ margin: 0 }}>
          {m.publishTitle}
        </h3>
        <Text as="p">{m.publishIntro}</Text>
        {done ? (
          <Alert tone="success" title={done} onClose={() => setDone(null)} focusable />
        ) : null}
        <ErrorSummary form={form} fieldId={fieldId} serverError={publish.error} />
        <FormTextField
          control={form.control}
          name="title"
          fieldId={fieldId}
          label="Title"
          required
          maxLength={c.statementTitleMaxLength}
        />
        <Controller
          control={form.control}
          name="content"
          render={({ field, fieldState }) => (
            <div id={fieldId('content')}>
              <RichTextEditor
                key={round}
                label="Statement"
                hint="What the partner does with what providers publish to it"
                required
                maxLength={c.statementMaxLength}
                {...(fieldState.error?.message ? { message: fieldState.error.message } : {})}
                onChange={field.onChange}
              />
            </div>
          )}
        />
        <div>
          <Button type="submit" loading={publish.isPending}>
            Publish new version
          </Button>
        </div>
      </Stack>
    </form>
  );
}
