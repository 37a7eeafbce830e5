import { useLogout } from '../../api/auth-mutations.js'
import { serverMessage } from '../../lib/errors.js'
import { useToast } from '../ui/toaster.js'

/** Logout with SPEC §8's toasts, for the user menu, the mobile menu and the admin-secret page. */
export function useLogoutAction(): { logout: (onDone?: () => void) => void; isPending: boolean } {
  const mutation = useLogout()
  const { toast } = useToast()
  return {
    isPending: mutation.isPending,
    logout: (onDone) => {
      if (mutation.isPending) return
      mutation.mutate(undefined, {
        onSuccess: () => {
          toast({ title: 'Logged out', description: 'You have been logged out successfully' })
          onDone?.()
        },
        onError: (error) => {
          toast({
            title: 'Logout failed',
            description: serverMessage(error, 'Failed to logout'),
            variant: 'destructive',
          })
        },
      })
    },
  }
}
