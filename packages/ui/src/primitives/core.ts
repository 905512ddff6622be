export * from '@ag.ds-next/react/core';
