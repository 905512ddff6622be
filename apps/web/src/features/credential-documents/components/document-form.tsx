import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import {
  CredentialDocumentDetails,
  type CredentialDocument,
  type CredentialDocumentOrganisation,
} from '@pca/contracts';
import {
  credentialDocumentLimits as limits,
  credentialDocumentMessages as messages,
  credentialDocumentTypeLabels as typeLabels,
} from '@pca/contracts/credential-documents-paths.ts';
import { credentialDocumentTypes } from '@pca/contracts/value-lists.ts';
import { CheckboxGroup } from '@pca/ui/checkbox/checkbox.tsx';
import { FileInput } from '@pca/ui/primitives/file-input.ts';
import { TextInput } from '@pca/ui/primitives/text-input.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  FormFrame,
  FormSelectField,
  FormTextareaField,
  FormTextField,
  useFieldId,
} from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { ApiError } from '#lib/http.ts';

/** What the form sends: the details, and the file (required when adding, optional when editing). */
export type DocumentFormResult = { details: CredentialDocumentDetails; file: File | null };

export type DocumentFormProps = {
  /** A heading of the form's own, under the page's (none: the page's heading names it). */
  heading?: string;
  /** The document being edited (absent: a new one). */
  document?: CredentialDocument;
  /** The organisations the practitioner may share with. */
  organisations: CredentialDocumentOrganisation[];
  submitLabel: string;
  saving: boolean;
  serverError: unknown;
  /**
   * Sends the form. `clearFile` empties the file picker: the page calls it once the file was saved, so
   * trying again after a later failure does not send it twice.
   */
  onSubmit: (result: DocumentFormResult, clearFile: () => void) => void;
  otherActions?: ReactNode;
  /** Said above the form (what a failed save did save). */
  notice?: ReactNode;
};

/** The file types the picker offers (the server decides by the file's bytes, whatever is picked). */
const accept = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/** After an organisation's name whose share stays although the practitioner's role there has ended. */
const noCurrentRole = '(no current role)';

/**
 * The sharing choices: the organisations the practitioner may share with, then those the document is still
 * shared with where their role has since ended — ticked, so the share can be kept or withdrawn (the server
 * keeps it, and lets it go, but takes no new one there).
 */
function shareOptions(
  organisations: CredentialDocumentOrganisation[],
  document: CredentialDocument | undefined,
) {
  const shareable = new Set(organisations.map((o) => o.id));
  return [
    ...organisations.map((o) => ({ value: o.id, label: o.name })),
    ...(document?.sharedWith ?? [])
      .filter((o) => !shareable.has(o.id))
      .map((o) => ({ value: o.id, label: `${o.name} ${noCurrentRole}` })),
  ];
}

/**
 * A credential document's details and file (docs/product/credential-documents.md): validated by the contract
 * the server applies; a missing file and the server's refusal of the file (its type, size, JavaScript in a
 * PDF) are shown under the file picker and, with every other error, in the error summary.
 */
export function DocumentForm({
  heading,
  document,
  organisations,
  submitLabel,
  saving,
  serverError,
  onSubmit,
  otherActions,
  notice,
}: DocumentFormProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(CredentialDocumentDetails, {
    defaultValues: {
      type: document?.type ?? ('' as CredentialDocumentDetails['type']),
      title: document?.title ?? '',
      description: document?.description ?? '',
      issueDate: document?.issueDate ?? '',
      expiryDate: document?.expiryDate ?? '',
      organisationIds: document?.sharedWith.map((o) => o.id) ?? [],
    },
  });
  const [file, setFile] = useState<File | null>(null);
  // A new key gives a new, empty picker: a file input's chosen file cannot be set, only cleared this way.
  const [picker, setPicker] = useState(0);
  const clearFile = () => {
    setFile(null);
    setPicker((n) => n + 1);
  };
  const options = shareOptions(organisations, document);
  const { errors, submitCount } = form.formState;
  // The file is outside the schema, so it is judged on every attempt, whether the details pass or not:
  // the first Upload reports it with the rest.
  const fileMissing = !document && !file && submitCount > 0;
  const problem = serverError instanceof ApiError ? serverError.problem : null;
  const serverMessage = (field: string) => problem?.errors?.find((e) => e.field === field)?.message;
  const fileMessage = fileMissing ? messages.fileRequired : serverMessage('file');
  // Both dates take the same range (docs/product/credential-documents.md) and show their own or the server's message.
  const dateField = (name: 'issueDate' | 'expiryDate', label: string) => {
    const message = errors[name]?.message ?? serverMessage(name);
    return (
      <TextInput
        id={fieldId(name)}
        type="date"
        label={label}
        required
        maxWidth="md"
        min={limits.earliestDate}
        max={limits.latestDate}
        invalid={Boolean(message)}
        message={message}
        {...form.register(name)}
      />
    );
  };

  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      heading={heading}
      serverError={serverError}
      submitLabel={submitLabel}
      saving={saving}
      otherActions={otherActions}
      intro={notice}
      otherErrors={fileMissing ? [['file', messages.fileRequired]] : []}
      onSubmit={(details) => {
        if (!document && !file) return;
        onSubmit({ details, file }, clearFile);
      }}
    >
      {document ? (
        <Text as="p">
          {messages.currentFile}: {document.fileName}
        </Text>
      ) : null}
      <FileInput
        key={picker}
        id={fieldId('file')}
        label={document ? messages.replaceFileLabel : messages.fileLabel}
        hint={messages.fileHint}
        accept={accept}
        required={!document}
        invalid={Boolean(fileMessage)}
        message={fileMessage}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          setFile(event.target.files?.[0] ?? null)
        }
      />
      <FormSelectField
        control={form.control}
        name="type"
        fieldId={fieldId}
        label={messages.typeLabel}
        required
        maxWidth="xl"
        // The select's own empty choice, worded for this field; the options are the types alone.
        placeholder={messages.typePlaceholder}
        options={credentialDocumentTypes.map((value) => ({ value, label: typeLabels[value] }))}
      />
      <FormTextField
        control={form.control}
        name="title"
        fieldId={fieldId}
        label={messages.titleLabel}
        maxLength={120}
      />
      <FormTextareaField
        control={form.control}
        name="description"
        fieldId={fieldId}
        label={messages.descriptionLabel}
        maxLength={1000}
      />
      {dateField('issueDate', messages.issueDateLabel)}
      {dateField('expiryDate', messages.expiryDateLabel)}
      {options.length ? (
        <Controller
          control={form.control}
          name="organisationIds"
          render={({ field, fieldState }) => (
            <div id={fieldId('organisationIds')} tabIndex={-1}>
              <CheckboxGroup
                label={messages.shareLabel}
                hint={messages.shareHint}
                message={fieldState.error?.message ?? serverMessage('organisationIds')}
                options={options}
                value={field.value}
                onChange={field.onChange}
              />
            </div>
          )}
        />
      ) : (
        <Text as="p">{messages.noOrganisations}</Text>
      )}
    </FormFrame>
  );
}
