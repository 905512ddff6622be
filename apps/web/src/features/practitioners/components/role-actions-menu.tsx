import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuButton,
  DropdownMenuItem,
  DropdownMenuPanel,
} from '@pca/ui/primitives/dropdown-menu.ts';
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

const disabledStyle = { color: '#6b6b6b', cursor: 'not-allowed' } as const;

/**
 * The Edit and View actions of one role (docs/product/shell.md#practitioners). AgDS menu items have no disabled state, so a
 * role the user cannot manage gets aria-disabled items that do nothing; the server refuses anyway.
 */
export function RoleActionsMenu({ offering, practitionerId, label }: RoleActionsMenuProps) {
  const navigate = useNavigate();
  const item = (name: 'Edit' | 'View', to: string) =>
    offering.canManage ? (
      <DropdownMenuItem onClick={() => void navigate(to)}>{name}</DropdownMenuItem>
    ) : (
      <DropdownMenuItem
        aria-disabled="true"
        style={disabledStyle}
        onClick={(e) => e.preventDefault()}
      >
        {name}
      </DropdownMenuItem>
    );
  return (
    <DropdownMenu>
      <DropdownMenuButton variant="secondary" size="sm" aria-label={`Actions for ${label}`}>
        Actions
      </DropdownMenuButton>
      <DropdownMenuPanel>
        {item('Edit', editRoleHref(offering, practitionerId))}
        {item('View', viewRoleHref(offering))}
      </DropdownMenuPanel>
    </DropdownMenu>
  );
}
