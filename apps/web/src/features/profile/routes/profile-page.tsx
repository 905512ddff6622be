import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Box } from '@pca/ui/primitives/box.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Avatar } from '@pca/ui/avatar/avatar.tsx';
import { Card } from '@pca/ui/card/card.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Tabs } from '@pca/ui/tabs/tabs.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useFocusWhenShown } from '#lib/focus.ts';
import { profileMessages } from '@pca/contracts/profile-rules.ts';
import type { Profile } from '@pca/contracts';
import { useProfile } from '../api/get-profile.ts';
import { BasicInformation } from '../components/basic-information.tsx';
import { PersonalContactDetails } from '../components/personal-contact-details.tsx';
import { RecordedSexOrGender } from '../components/recorded-sex-or-gender.tsx';
import { ProfilePhoto } from '../components/profile-photo.tsx';
import { RegisterPractitionerButton } from '../components/register-practitioner-dialog.tsx';
import { safePreviousPath } from '../email-status.ts';
import { useTabFromQuery } from '../use-tab-from-query.ts';

const TAB_LABELS = ['Basic information', 'Personal contact details'] as const;

/** The profile page `/profile/{id}` (docs/product/features.md#profile). */
export function ProfilePage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const query = useProfile(id);
  const [status, setStatus] = useState<string | null>(null);
  // The banner takes focus only when the control that was used is gone (Register as a practitioner, once
  // registered); otherwise focus stays where the person was (a dialog gives it back to its button).
  const [statusFocus, setStatusFocus] = useState(0);
  const statusRef = useFocusWhenShown(statusFocus || null);
  const hasTabs = Boolean(query.data?.hpii);
  const [activeTab, setActiveTab] = useTabFromQuery(TAB_LABELS, search.get('tab'), hasTabs);
  const previousPath = safePreviousPath(search.get('previousPath'));
  // The shell's privacy dialog (1200 px) opens from `?showDialog=privacy` on any page.
  const privacySearch = new URLSearchParams(search);
  privacySearch.set('showDialog', 'privacy');

  return (
    <Stack gap={2}>
      <Flex justifyContent="space-between" alignItems="flex-end" gap={1} flexWrap="wrap">
        <H1>Profile</H1>
        <Link to={{ search: `?${privacySearch.toString()}` }} preventScrollReset>
          Privacy policy
        </Link>
      </Flex>
      {status ? (
        <div ref={statusRef}>
          <Alert tone="success" title={status} onClose={() => setStatus(null)} focusable />
        </div>
      ) : null}
      <QueryView
        query={query}
        loading={<Loading message="Loading your profile" />}
        thing="the profile"
      >
        {(profile) => (
          <LoadedProfile
            profile={profile}
            hasTabs={hasTabs}
            activeTab={activeTab}
            onTabChange={setActiveTab}
            onStatus={setStatus}
            onRegistered={() => {
              setStatus(profileMessages.registered);
              setStatusFocus((n) => n + 1);
            }}
            previousPath={previousPath}
          />
        )}
      </QueryView>
    </Stack>
  );
}

function LoadedProfile({
  profile,
  hasTabs,
  activeTab,
  onTabChange,
  onStatus,
  onRegistered,
  previousPath,
}: {
  profile: Profile;
  hasTabs: boolean;
  activeTab: number;
  onTabChange: (index: number) => void;
  onStatus: (message: string | null) => void;
  /** Says that the user is now registered as a practitioner, with the focus (their button is gone). */
  onRegistered: () => void;
  previousPath: string | null;
}) {
  const fullName = `${profile.givenName} ${profile.familyName}`;
  const canRegister =
    profile.isOwnProfile && !profile.hpii && Boolean(profile.email) && Boolean(profile.phone);
  const basic = (
    <Flex gap={2} flexDirection={{ xs: 'column', md: 'row' }} alignItems="flex-start">
      <Box flexShrink={0}>
        {profile.isOwnProfile ? (
          <ProfilePhoto
            userId={profile.id}
            photoData={profile.photoData}
            fullName={fullName}
            onStatus={onStatus}
          />
        ) : (
          <Avatar
            givenName={profile.givenName}
            familyName={profile.familyName}
            photo={profile.photoData}
            size="xl"
          />
        )}
      </Box>
      <Box flexGrow={1} style={{ minWidth: 0 }}>
        <BasicInformation profile={profile} onStatus={onStatus} previousPath={previousPath} />
      </Box>
    </Flex>
  );
  return (
    <Stack gap={1.5}>
      {!profile.isOwnProfile ? (
        <Text as="p">You are viewing the profile of {fullName}, whose account you manage.</Text>
      ) : null}
      {canRegister ? (
        <div>
          <RegisterPractitionerButton
            userId={profile.id}
            onRegistered={() => {
              onTabChange(0);
              onRegistered();
            }}
            // The status banner is cleared when another action begins (docs/product/features.md#profile).
            onStart={() => onStatus(null)}
          />
        </div>
      ) : null}
      <Card>
        {hasTabs ? (
          <Tabs
            activeIndex={activeTab}
            onChange={onTabChange}
            items={[
              { label: TAB_LABELS[0], content: basic },
              {
                label: TAB_LABELS[1],
                content: (
                  <Stack gap={3}>
                    <PersonalContactDetails
                      profile={profile}
                      onStatus={onStatus}
                      previousPath={previousPath}
                    />
                    <RecordedSexOrGender profile={profile} onStatus={onStatus} />
                  </Stack>
                ),
              },
            ]}
          />
        ) : (
          basic
        )}
      </Card>
    </Stack>
  );
}

export { ProfilePage as Component };
