import LanternIcon from '@mui/icons-material/EmojiObjects';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useLocale, useT } from '../i18n/context';
import { preloadRoutes } from '../shell/loaders';
import { LanguageSwitcher } from '../shell/LanguageSwitcher';
import { ThemeToggle } from '../theme/ThemeToggle';

/** The public pages' bar: brand, partner links, language and theme switchers. */
export function SiteHeader() {
  const t = useT();
  const locale = useLocale();
  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Box
          component={RouterLink}
          to={`/${locale}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 'auto' }}
        >
          <LanternIcon />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {t('app.title')}
          </Typography>
        </Box>
        <Button
          color="inherit"
          component={RouterLink}
          to={`/${locale}/partner/register`}
          onMouseEnter={() => preloadRoutes('register')}
          data-testid="link-register"
        >
          {t('app.auth.partnerRegister')}
        </Button>
        <Button
          color="inherit"
          variant="outlined"
          component={RouterLink}
          to={`/${locale}/login`}
          onMouseEnter={() => preloadRoutes('login')}
          data-testid="link-login"
        >
          {t('app.auth.partnerLogin')}
        </Button>
        <LanguageSwitcher />
        <ThemeToggle />
      </Toolbar>
    </AppBar>
  );
}
