import { useMutation } from '@tanstack/react-query';
import { feedbackApiPaths, type FeedbackInput, type FeedbackReceipt } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Sends feedback (signed in or not; the API takes it either way). */
export const useSendFeedback = () =>
  useMutation({
    mutationFn: (body: FeedbackInput) =>
      http<FeedbackReceipt>(feedbackApiPaths.feedback, { method: 'POST', body }),
  });
