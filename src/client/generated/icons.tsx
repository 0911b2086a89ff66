import AccountBalance from '@mui/icons-material/AccountBalance';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Category from '@mui/icons-material/Category';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import Dashboard from '@mui/icons-material/Dashboard';
import EventAvailable from '@mui/icons-material/EventAvailable';
import FactCheck from '@mui/icons-material/FactCheck';
import History from '@mui/icons-material/History';
import Inbox from '@mui/icons-material/Inbox';
import Luggage from '@mui/icons-material/Luggage';
import MoveToInbox from '@mui/icons-material/MoveToInbox';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Payments from '@mui/icons-material/Payments';
import Person from '@mui/icons-material/Person';
import Place from '@mui/icons-material/Place';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Settings from '@mui/icons-material/Settings';
import Storefront from '@mui/icons-material/Storefront';
import ViewList from '@mui/icons-material/ViewList';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * Material icons a config may name in `menu.icon`. Listed one by one so the bundle carries only these
 * (importing the whole icon set would add megabytes); an unknown name falls back to a list icon.
 */
const ICONS: Record<string, SvgIconComponent> = {
  AccountBalance,
  AdminPanelSettings,
  Category,
  CurrencyExchange,
  Dashboard,
  EventAvailable,
  FactCheck,
  History,
  Inbox,
  Luggage,
  ManageAccounts,
  MoveToInbox,
  Payments,
  Person,
  Place,
  ReceiptLong,
  ReportProblem,
  Settings,
  Storefront,
  ViewList,
};

export function iconFor(name: string | undefined): SvgIconComponent {
  return (name && ICONS[name]) || ViewList;
}
