/**
 * Italian texts of "Accessi attivi" (`app.sign_ins.*`), the list of one's sign-ins (the layout's
 * menu item, `app.layout.sign_ins`, is in src/i18n/portalShell.ts).
 */
export const signInsMessages = {
  title: 'Accessi attivi',
  intro:
    "I browser e i dispositivi da cui hai effettuato l'accesso a Percorso. Se non riconosci un accesso, chiudilo: su quel dispositivo servirà accedere di nuovo.",
  list_label: 'Accessi attivi',
  current: 'Questo dispositivo',
  signed_in_at: 'Accesso effettuato il %{date}',
  last_used_at: 'Ultimo utilizzo: %{date}',
  never_used: 'Ultimo utilizzo: non ancora',
  end: 'Esci',
  end_label: "Esci dall'accesso di %{browser} del %{date}",
  ended: 'Accesso chiuso: su quel dispositivo servirà accedere di nuovo.',
  end_others: 'Esci dagli altri dispositivi',
  others_ended: 'Accessi chiusi su tutti gli altri dispositivi.',
  end_all: 'Esci da tutti i dispositivi',
  end_all_hint: 'Chiude anche questo accesso: tornerai alla pagina di accesso.',
  failed: "Non è stato possibile chiudere l'accesso. Riprova più tardi.",
  load_failed: 'Non è stato possibile caricare gli accessi. Riprova più tardi.',
  retry: 'Riprova',
};
