// AgDS FileInput: a labelled file picker with hint and error message (credential documents).
export * from '@ag.ds-next/react/file-input';
