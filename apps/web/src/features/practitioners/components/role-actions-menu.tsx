import { useNavigate } from 'react-router';
import { NavMenu, NavMenuItem, NavMenuPanel } from '@pca/ui/navigation/nav-menu.tsx';
import { editRoleHref, viewRoleHref } from '@pca/contracts/pages.ts';
import type { ServiceOffering } from '@pca/contracts/practitioners.ts';

/** Props of RoleActionsMenu. */
export type RoleActionsMenuProps = {
  /** The role the actions act on. */
  offering: ServiceOffering;
  /** Its practitioner (the edit route's query names them). */
  practitionerId: string;
  /** Accessible context, e.g. "Nguyen, Alice at Harbour Telehealth GP". */
  label: string;
};

/**
 * The Edit and View actions of one role (docs/product/shell.md#practitioners), in the portal's one menu
 * (docs/decisions/036-one-navigation.md). A role the user cannot manage gets disabled items that do nothing;
 * the server refuses anyway.
 */
export function RoleActionsMenu({ offering, practitionerId, label }: RoleActionsMenuProps) {
  const navigate = useNavigate();
  const disabled = !offering.canManage;
  return (
    <NavMenu button="Actions" variant="secondary" size="sm" aria-label={`Actions for ${label}`}>
      <NavMenuPanel>
        <NavMenuItem
          disabled={disabled}
          onClick={() => void navigate(editRoleHref(offering, practitionerId))}
        >
          Edit
        </NavMenuItem>
        <NavMenuItem disabled={disabled} onClick={() => void navigate(viewRoleHref(offering))}>
          View
        </NavMenuItem>
      </NavMenuPanel>
    </NavMenu>
  );
}
