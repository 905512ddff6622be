import { useMutation } from '@tanstack/react-query';
import { registrationApiPaths, type RegisterUserRequest } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Registers the signed-in user (email, phone, terms and privacy). */
export function registerUser(body: RegisterUserRequest): Promise<void> {
  return http<void>(registrationApiPaths.registerUser, { method: 'POST', body });
}

/** Mutation of the register-user dialog; the dialog's owner re-fetches the user. */
export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
