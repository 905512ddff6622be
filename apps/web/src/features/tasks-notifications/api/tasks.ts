import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  OnlineFormUrl,
  TasksNotificationsCounts,
  TasksPage,
  TaskStatus,
  VerifyInformationTask,
} from '@pca/contracts';
import {
  taskApiPath,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts/tasks-notifications-paths.ts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/**
 * The tab counts' key: a change to a task or a notification invalidates it, so 'Open (n)' and
 * 'Notifications (n)' follow without a reload.
 */
export const tasksNotificationsCountsKey = ['tasks-notifications', 'counts'] as const;

/** Open tasks and unread notifications of the own practitioner, or the one managed. */
export function useTasksNotificationsCounts() {
  return useQuery(httpQuery<TasksNotificationsCounts>(tasksNotificationsCountsKey, paths.counts));
}

/** One page of tasks in a status. */
export function useTasks(status: TaskStatus, page: number) {
  return useQuery({
    ...httpQuery<TasksPage>(
      ['tasks', 'list', status, page],
      `${paths.tasks}?status=${status}&page=${page}`,
    ),
    placeholderData: keepPreviousData,
  });
}

/** A verify-information task with its entity's current values. */
export function useTask(id: string) {
  return useQuery({
    ...httpQuery<VerifyInformationTask>(['tasks', 'task', id], taskApiPath('task', id)),
    retry: false,
  });
}

/**
 * Completes (suggested value, or details confirmed as current) or dismisses (current value kept) a task;
 * lists and counts are read again.
 */
export function useResolveTask() {
  return useRefreshingWrite(
    ['tasks'],
    ({ id, choice }: { id: string; choice: 'suggested' | 'confirmed' | 'current' }) =>
      choice !== 'current'
        ? http<VerifyInformationTask>(taskApiPath('completeTask', id), {
            method: 'POST',
            body: { choice },
          })
        : http<VerifyInformationTask>(taskApiPath('dismissTask', id), { method: 'POST' }),
    tasksNotificationsCountsKey,
  );
}

/** The online form's address (with its signed, short-lived token). */
export function getOnlineFormUrl(id: string, signal?: AbortSignal) {
  return http<OnlineFormUrl>(taskApiPath('onlineForm', id), { signal });
}
